'use client';
// The breakdowns of a link's clicks as ranked lists with bars: where (countries with flags, regions,
// cities, with the DB-IP credit its licence asks for), with what (devices, browsers, OS) and from
// where (referrers, triggers). A row of a filterable breakdown is a button: a click narrows the page
// to it (another click on it, or its chip, widens it again).
import dynamic from 'next/dynamic';
import { VariantsPanel } from './variants-panel';
import { useId, type ReactNode } from 'react';
import type { Breakdown } from '@/lib/analytics/get-stats';
import { filterTitle, valueLabel, type FilterName, type Filters, type LinkCodes } from './analytics-filters';
import { CountryFlag } from './country-flag';
import { countryName, formatNumber, type LinkStats } from './link-detail-api';

/** "Mountain View, California, US" → flag + "Mountain View, California" (the full label in the tooltip). */
function placeLabel(value: string): ReactNode {
  const match = /^(.*), ([A-Z]{2})$/.exec(value);
  if (!match) return valueLabel(undefined, value);
  return (
    <span title={`${match[1]}, ${countryName(match[2])}`}>
      <CountryFlag code={match[2]} named />
      {match[1]}
    </span>
  );
}

/** A referring site with its icon, served by Sling (fetched once by the server, never by this browser from the site). */
function referrerLabel(value: string): ReactNode {
  if (value.startsWith('(')) return valueLabel('referrer', value);
  return (
    <span className="with-favicon">
      <img src={`/api/v1/favicons/${encodeURIComponent(value)}`} alt="" width={16} height={16} loading="lazy" />
      {value}
    </span>
  );
}

// The map's outlines are a chunk of their own, loaded with the first statistics shown.
const WorldMap = dynamic(() => import('./world-map'), { ssr: false, loading: () => <div className="world-map skeleton" aria-hidden="true" /> });

interface PanelsProps {
  stats: LinkStats;
  filters?: Filters;
  /** Set or clear (value undefined) one filter. */
  onFilter?: (name: FilterName, value: string | undefined) => void;
  /** What the "Routing rules" panel calls each rule id (a link's rules; the id itself otherwise). */
  ruleNames?: Record<string, string>;
  /** The winning variant of the link's ended A/B test, marked in its panel. */
  winner?: string | null;
}

export function BreakdownPanels({ stats, filters = {}, onFilter, ruleNames = {}, winner }: PanelsProps) {
  const linkCodes = linkCodesOf(stats);
  const filterable = { filters, onFilter, linkCodes };
  return (
    <>
      {stats.variants?.length ? <VariantsPanel variants={stats.variants} winner={winner} /> : null}
      <section className="stack" aria-label="Locations">
        <WorldMap countries={stats.countries} selected={filters.country} onSelect={(code) => onFilter?.('country', code)} />
        <div className="breakdowns">
          <Panel title="Countries" rows={stats.countries} filter="country" {...filterable} />
          <Panel title="Regions" rows={stats.regions} label={placeLabel} />
          <Panel title="Cities" rows={stats.cities} label={placeLabel} />
        </div>
        <p className="muted small credit">
          <a href="https://db-ip.com">IP geolocation by DB-IP</a>
        </p>
      </section>
      <div className="breakdowns">
        <Panel title="Devices" rows={stats.devices} filter="device" {...filterable} />
        <Panel title="Browsers" rows={stats.browsers} filter="browser" {...filterable} />
        <Panel title="Operating systems" rows={stats.operating_systems} filter="os" {...filterable} />
        <Panel title="Referrers" rows={stats.referrers} filter="referrer" label={referrerLabel} {...filterable} />
        <Panel title="Triggers" rows={stats.triggers} filter="trigger" {...filterable} />
        {stats.links ? <Panel title="Links" rows={stats.links} filter="link_id" {...filterable} /> : null}
        {stats.rules?.length ? <Panel title="Routing rules" rows={stats.rules} label={(id) => ruleNames[id] ?? id} /> : null}
      </div>
    </>
  );
}

/** The short codes of the links in the statistics, by id. */
export function linkCodesOf(stats: LinkStats): LinkCodes {
  return Object.fromEntries((stats.links ?? []).map((l) => [l.value, l.short_code]));
}

interface PanelProps {
  title: string;
  rows: Breakdown;
  linkCodes?: LinkCodes;
  label?: (value: string) => ReactNode;
  filter?: FilterName;
  filters?: Filters;
  onFilter?: PanelsProps['onFilter'];
}

function Panel({ title, rows, label, filter, filters = {}, onFilter, linkCodes }: PanelProps) {
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
          {rows.map((r) => {
            const content = (
              <>
                <span className="label">{label ? label(r.value) : valueLabel(filter, r.value, linkCodes)}</span>
                <span className="count">
                  {formatNumber(r.clicks)}
                  <span className="muted"> · {share.format(r.clicks / total)}</span>
                </span>
              </>
            );
            const active = filter !== undefined && filters[filter] === r.value;
            return (
              <li key={r.value}>
                <span className="bar" aria-hidden="true" style={{ width: `${(r.clicks / max) * 100}%` }} />
                {filter && onFilter && r.value !== '(other)' ? (
                  <button
                    type="button"
                    className="breakdown-filter"
                    aria-pressed={active}
                    title={filterTitle(filter, r.value, active, linkCodes)}
                    onClick={() => onFilter(filter, active ? undefined : r.value)}
                  >
                    {content}
                  </button>
                ) : (
                  content
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
