'use client';
// The breakdowns of a link's clicks as ranked lists with bars: where (countries with flags, regions,
// cities, with the DB-IP credit its licence asks for), with what (devices, browsers, OS) and from
// where (referrers, triggers). A row of a filterable breakdown is a button: a click narrows the page
// to it (another click on it, or its chip, widens it again).
import dynamic from 'next/dynamic';
import { VariantsPanel } from './variants-panel';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
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
  utm?: UtmTabProps;
}

export function BreakdownPanels({ stats, filters = {}, onFilter, ruleNames = {}, winner, utm }: PanelsProps) {
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
        {stats.utm_source ? <UtmPanel stats={stats} {...filterable} {...utm} /> : null}
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

function Panel({ title, ...list }: PanelProps) {
  const id = useId();
  return (
    <section className="breakdown" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <BreakdownList {...list} />
    </section>
  );
}

const UTM_TABS = [
  { name: 'utm_source', label: 'Source' },
  { name: 'utm_medium', label: 'Medium' },
  { name: 'utm_campaign', label: 'Campaign' },
] as const;
export type UtmTab = (typeof UTM_TABS)[number]['name'];
/** The UTM panel's tab, when the page keeps it (the panels are made again each time the numbers load). */
interface UtmTabProps {
  tab?: UtmTab;
  onTab?: (tab: UtmTab) => void;
}

/**
 * Clicks by the UTM values of the links' destinations, a tab per parameter: the one chosen (kept by
 * the page while the numbers reload), else the first filtered one, else Source.
 */
function UtmPanel({
  stats,
  filters = {},
  onFilter,
  linkCodes,
  tab: chosen,
  onTab,
}: { stats: LinkStats } & UtmTabProps & Pick<PanelProps, 'filters' | 'onFilter' | 'linkCodes'>) {
  const id = useId();
  const [own, setOwn] = useState<UtmTab | undefined>();
  const tab = chosen ?? own ?? UTM_TABS.find((t) => filters[t.name])?.name ?? 'utm_source';
  const setTab = onTab ?? setOwn;
  const tabId = (name: UtmTab) => `${id}-${name}`;
  // Arrow keys move between the tabs (the WAI-ARIA tabs pattern); Tab leaves for the rows.
  const onKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = UTM_TABS.findIndex((t) => t.name === tab);
    const next = e.key === 'ArrowRight' ? (i + 1) % UTM_TABS.length : e.key === 'ArrowLeft' ? (i + UTM_TABS.length - 1) % UTM_TABS.length : -1;
    if (next === -1) return;
    e.preventDefault();
    setTab(UTM_TABS[next].name);
    document.getElementById(tabId(UTM_TABS[next].name))?.focus();
  };
  return (
    <section className="breakdown utm-panel" aria-labelledby={`${id}-h`}>
      <div className="breakdown-head">
        <h3 id={`${id}-h`}>UTM</h3>
        <div className="breakdown-tabs" role="tablist" aria-label="UTM parameter">
          {UTM_TABS.map((t) => (
            <button
              key={t.name}
              id={tabId(t.name)}
              type="button"
              role="tab"
              aria-selected={tab === t.name}
              aria-controls={`${id}-panel`}
              tabIndex={tab === t.name ? 0 : -1}
              onClick={() => setTab(t.name)}
              onKeyDown={onKey}
            >
              {t.label}
              {filters[t.name] ? <span className="tab-dot" title="Filtered" aria-hidden="true" /> : null}
            </button>
          ))}
        </div>
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={tabId(tab)}>
        <BreakdownList rows={stats[tab] ?? []} filter={tab} filters={filters} onFilter={onFilter} linkCodes={linkCodes} />
      </div>
    </section>
  );
}

/** A breakdown's ranked rows with their bars (a button each when the breakdown filters). */
function BreakdownList({ rows, label, filter, filters = {}, onFilter, linkCodes }: Omit<PanelProps, 'title'>) {
  const max = Math.max(1, ...rows.map((r) => r.clicks));
  const total = rows.reduce((sum, r) => sum + r.clicks, 0);
  const share = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 });
  return rows.length === 0 ? (
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
  );
}
