'use client';
// Clicks per country on a world map (a choropleth): the shipped world-atlas outlines
// (world-shapes.ts), drawn as SVG in the browser; nothing is fetched.
// A country with clicks is shaded by its share of the busiest and filters the page when clicked;
// the Countries list beside it is the same filter for the keyboard and screen readers.
import type { Breakdown } from '@/lib/analytics/get-stats';
import { countryName, formatNumber } from './link-detail-api';
import { WORLD_HEIGHT as HEIGHT, WORLD_SHAPES as SHAPES, WORLD_WIDTH as WIDTH } from './world-shapes';

interface WorldMapProps {
  countries: Breakdown;
  selected?: string;
  onSelect: (code: string | undefined) => void;
}

export default function WorldMap({ countries, selected, onSelect }: WorldMapProps) {
  const clicks = new Map(countries.map((c) => [c.value, c.clicks]));
  const max = Math.max(1, ...countries.filter((c) => /^[A-Z]{2}$/.test(c.value)).map((c) => c.clicks));
  const top = countries.find((c) => /^[A-Z]{2}$/.test(c.value));
  const summary = top
    ? `World map of clicks by country; the most from ${countryName(top.value)} (${formatNumber(top.clicks)}).`
    : 'World map of clicks by country; no clicks were placed on the map in this period.';
  return (
    <figure className="world-map">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary}>
        {SHAPES.map((s, i) => {
          const n = s.code ? (clicks.get(s.code) ?? 0) : 0;
          const title = `${s.code ? countryName(s.code) : s.name}: ${formatNumber(n)} ${n === 1 ? 'click' : 'clicks'}`;
          return (
            <path
              // biome-ignore lint/suspicious/noArrayIndexKey: the map's shapes are a fixed list; a few share a country code
              key={`${s.code}-${i}`}
              d={s.d}
              className={[n > 0 ? 'has-clicks' : '', s.code && s.code === selected ? 'selected' : ''].filter(Boolean).join(' ') || undefined}
              fillOpacity={n > 0 ? 0.25 + 0.75 * (n / max) : undefined}
              data-country={s.code || undefined}
              onClick={n > 0 ? () => onSelect(s.code === selected ? undefined : s.code) : undefined}
            >
              <title>{title}</title>
            </path>
          );
        })}
      </svg>
    </figure>
  );
}
