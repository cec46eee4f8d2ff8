'use client';
// The breakdowns of a link's clicks as ranked lists with bars: where (countries with flags, regions,
// cities, with the DB-IP credit its licence asks for), with what (devices, browsers, OS) and from
// where (referrers, triggers).
import { useId, type ReactNode } from 'react';
import type { Breakdown } from '@/lib/analytics/get-stats';
import { countryName, flagOf, formatNumber, type LinkStats } from './link-detail-api';

const SPECIAL: Record<string, string> = { '(unknown)': 'Unknown', '(other)': 'Other', '(direct)': 'Direct or none' };
const TRIGGERS: Record<string, string> = { link: 'Link', qr: 'QR code' };

const capitalized = (v: string) => v.charAt(0).toUpperCase() + v.slice(1);

function countryLabel(code: string): ReactNode {
  return (
    <>
      <span aria-hidden="true" className="flag">{flagOf(code)}</span> {countryName(code)}
    </>
  );
}

/** "Mountain View, California, US" → flag + "Mountain View, California" (the full label in the tooltip). */
function placeLabel(value: string): ReactNode {
  const match = /^(.*), ([A-Z]{2})$/.exec(value);
  if (!match) return value;
  return (
    <span title={`${match[1]}, ${countryName(match[2])}`}>
      <span className="flag" role="img" aria-label={countryName(match[2])}>
        {flagOf(match[2])}
      </span>{' '}
      {match[1]}
    </span>
  );
}

export function BreakdownPanels({ stats }: { stats: LinkStats }) {
  return (
    <>
      <section className="stack" aria-label="Locations">
        <div className="breakdowns">
          <Panel title="Countries" rows={stats.countries} label={countryLabel} />
          <Panel title="Regions" rows={stats.regions} label={placeLabel} />
          <Panel title="Cities" rows={stats.cities} label={placeLabel} />
        </div>
        <p className="muted small credit">
          <a href="https://db-ip.com">IP geolocation by DB-IP</a>
        </p>
      </section>
      <div className="breakdowns">
        <Panel title="Devices" rows={stats.devices} label={capitalized} />
        <Panel title="Browsers" rows={stats.browsers} />
        <Panel title="Operating systems" rows={stats.operating_systems} />
        <Panel title="Referrers" rows={stats.referrers} />
        <Panel title="Triggers" rows={stats.triggers} label={(v) => TRIGGERS[v] ?? v} />
      </div>
    </>
  );
}

function Panel({ title, rows, label = (v) => v }: { title: string; rows: Breakdown; label?: (value: string) => ReactNode }) {
  const id = useId();
  const max = Math.max(1, ...rows.map((r) => r.clicks));
  const total = rows.reduce((sum, r) => sum + r.clicks, 0);
  const share = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <section className="breakdown" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {rows.length === 0 ? (
        <p className="muted small">Nothing recorded in this period.</p>
      ) : (
        <ol>
          {rows.map((r) => (
            <li key={r.value}>
              <span className="bar" aria-hidden="true" style={{ width: `${(r.clicks / max) * 100}%` }} />
              <span className="label">{SPECIAL[r.value] ?? label(r.value)}</span>
              <span className="count">
                {formatNumber(r.clicks)}
                <span className="muted"> · {share.format(r.clicks / total)}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
