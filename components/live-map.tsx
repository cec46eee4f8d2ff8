'use client';
// The Live view's map (docs/guide/live-clicks.md): the world's outlines, the countries of the clicks
// shown lightly shaded, and a pulse at a country as each of its clicks arrives. With reduced motion
// the pulse is a still dot.
import { countryName } from './link-detail-api';
import { COUNTRY_POINTS, WORLD_HEIGHT, WORLD_SHAPES, WORLD_WIDTH } from './world-shapes';

export interface MapClick {
  /** The event id: a pulse is drawn once per click. */
  id: string;
  country: string | null;
}

export function LiveMap({ clicks }: { clicks: readonly MapClick[] }) {
  const placed = clicks.filter((c) => c.country && COUNTRY_POINTS.has(c.country));
  const countries = new Set(placed.map((c) => c.country as string));
  const latest = placed[0]?.country;
  const label = latest
    ? `World map of the latest clicks; the newest from ${countryName(latest)}.`
    : 'World map of the latest clicks; none placed on the map yet.';
  return (
    <figure className="world-map live-map">
      <svg viewBox={`0 0 ${WORLD_WIDTH} ${WORLD_HEIGHT}`} role="img" aria-label={label}>
        {WORLD_SHAPES.map((s, i) => (
          <path
            // biome-ignore lint/suspicious/noArrayIndexKey: the map's shapes are a fixed list; a few share a country code
            key={`${s.code}-${i}`}
            d={s.d}
            className={s.code && countries.has(s.code) ? 'live-country' : undefined}
            data-country={s.code || undefined}
          />
        ))}
        {/* Oldest first, so the newest pulse is drawn on top. */}
        {[...placed].reverse().map((c) => {
          const [x, y] = COUNTRY_POINTS.get(c.country as string)!;
          return (
            <g key={c.id} className="live-pulse" data-country={c.country ?? undefined} transform={`translate(${x.toFixed(1)} ${y.toFixed(1)})`}>
              <circle className="live-pulse-ring" r="9" />
              <circle className="live-pulse-dot" r="7" />
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
