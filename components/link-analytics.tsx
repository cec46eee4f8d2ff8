'use client';
// Click analytics — of one link, or of the whole workspace: the period and interval pickers, headline
// numbers, the clicks chart, the breakdown panels and the exports, all for the chosen period in the
// reader's time zone, narrowed by the filters chosen from the breakdowns; the period, the interval
// and the filters are kept in the address bar.
import '@/app/analytics.css';
import { useSearchParams } from 'next/navigation';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { FilterChips, readFilters, withFilters, type FilterName, type Filters } from './analytics-filters';
import { BreakdownPanels, linkCodesOf, type UtmTab } from './breakdown-panels';
import { BotsSummary } from './bots-summary';
import { PeriodChange } from './period-change';
import { ClicksChart } from './clicks-chart';
import { ClicksExport } from './clicks-export';
import { FilterMenu } from './filter-menu';
import { CopyButton } from './link-header';
import { ApiError, browserTimeZone, formatNumber, getJson, type LinkStats } from './link-detail-api';
import { chooseInterval, intervalChoices } from './stats-interval';
import { INTERVAL_LABELS, localDay, PRESETS, readPeriod, resolveRange, withPeriod, type Interval, type Period, type RangeChoice } from './stats-range';

type Load = { state: 'loading' } | { state: 'ready'; stats: LinkStats } | { state: 'failed'; error: ApiError };

/** `everClicked`: the link has clicks at all (maybe outside the period), so the empty state says which. */
/** `ruleNames`: what the "Routing rules" panel calls each of the link's rules, by id. */
export function LinkAnalytics({
  linkId,
  shortUrl,
  everClicked,
  ruleNames,
  winner,
}: {
  linkId: number;
  shortUrl: string;
  everClicked: boolean;
  ruleNames?: Record<string, string>;
  /** The winning variant of the link's ended A/B test. */
  winner?: string | null;
}) {
  return (
    <ClickAnalytics
      ruleNames={ruleNames}
      winner={winner}
      statsPath={`/api/v1/links/${linkId}/stats`}
      exportPath={`/api/v1/links/${linkId}/clicks/export`}
      everClicked={everClicked}
      neverClicked={
        <>
          <p>
            <strong>No clicks yet — share your link.</strong>
          </p>
          <p className="muted">Clicks appear here about a second after someone opens it. Bots and link previews are not counted.</p>
          <div className="row">
            <code>{shortUrl}</code>
            <CopyButton text={shortUrl} label="Copy the short link" />
          </div>
        </>
      }
    />
  );
}

interface ClickAnalyticsProps {
  /** Where the statistics come from (it may carry a query of its own), and the exports (none on a public page). */
  statsPath: string;
  exportPath?: string;
  /** There are clicks at all (maybe outside the period), so an empty period says so. */
  everClicked: boolean;
  /** What an empty page says when nothing was ever clicked. */
  neverClicked: ReactNode;
  /** The workspace's tags, offered as a filter (the workspace page only). */
  tags?: string[];
  /** false on a public stats page: its statistics have no UTM breakdown and take no UTM filter. */
  utm?: boolean;
  /** A link's rules by id, for the "Routing rules" panel (the link page only). */
  ruleNames?: Record<string, string>;
  /** The winning variant of the link's ended A/B test (the link page only). */
  winner?: string | null;
}

export function ClickAnalytics({ statsPath, exportPath, everClicked, neverClicked, tags, ruleNames, winner, utm = true }: ClickAnalyticsProps) {
  const id = useId();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  // The address bar holds the period, the interval and the filters: a reload, a shared link, back
  // and forward all show what it says (docs/guide/analytics.md).
  // The query is also held here, changed in the same event as the address: a radio or menu shows the
  // new choice at once, not after the router's update; back and forward arrive through useSearchParams.
  const fromAddress = useSearchParams().toString();
  const [query, setQuery] = useState(fromAddress);
  const [seen, setSeen] = useState(fromAddress);
  if (seen !== fromAddress) {
    setSeen(fromAddress);
    // A late update for an address already replaced (a day typed since) is not taken back.
    if (typeof window === 'undefined' || new URLSearchParams(window.location.search).toString() === fromAddress) setQuery(fromAddress);
  }
  const search = new URLSearchParams(query);
  const { choice, interval: wanted } = readPeriod(search);
  const filters = readFilters(search, { utm });
  const range = resolveRange(choice);
  const intervals = 'field' in range ? [] : intervalChoices(range.from, range.to);
  const interval = 'field' in range ? (wanted ?? 'day') : chooseInterval(range.from, range.to, wanted);
  const rangeKey = 'field' in range ? `invalid:${range.field}` : `${choice.preset}:${choice.fromDay}:${choice.toDay}`;
  const filtersKey = withFilters(new URLSearchParams(), filters).toString();

  /** A new entry in the history (back returns to the previous view); `replace` while typing a day. */
  const navigate = (change: { period?: Period; filters?: Filters }, how: 'push' | 'replace' = 'push') => {
    let params = new URLSearchParams(window.location.search);
    if (change.period) params = withPeriod(params, change.period);
    if (change.filters) params = withFilters(params, change.filters);
    const next = params.toString();
    setQuery(next);
    window.history[how === 'push' ? 'pushState' : 'replaceState'](null, '', `${window.location.pathname}${next ? `?${next}` : ''}`);
  };
  const changeFilters = (next: Filters) => navigate({ filters: next });
  const setFilter = (name: FilterName, value: string | undefined) => changeFilters({ ...filters, [name]: value });
  // The UTM panel's tab, kept here: the panels are made again each time the numbers load.
  const [utmTab, setUtmTab] = useState<UtmTab | undefined>();

  // biome-ignore lint/correctness/useExhaustiveDependencies: rangeKey and filtersKey stand for `choice` and `filters` (see the note at the end)
  useEffect(() => {
    // Presets are relative to now, so they are resolved when the request is made.
    const current = resolveRange(choice);
    if ('field' in current) return;
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    const params = withFilters(
      new URLSearchParams({ interval, from: current.from.toISOString(), to: current.to.toISOString(), tz: browserTimeZone(), compare: 'previous' }),
      filters,
    );
    // A superseded request (the period changed) never lands, whether it ends in data or an error.
    getJson<LinkStats>(`${statsPath}${statsPath.includes('?') ? '&' : '?'}${params}`, controller.signal).then(
      (stats) => controller.signal.aborted || setLoad({ state: 'ready', stats }),
      (err: unknown) =>
        controller.signal.aborted ||
        setLoad({ state: 'failed', error: err instanceof ApiError ? err : new ApiError('The statistics could not be loaded; check your connection.') }),
    );
    return () => controller.abort();
    // rangeKey stands for `choice` (a new object on every render of the same choice), filtersKey for `filters`.
  }, [statsPath, rangeKey, interval, filtersKey]);

  // The reader's interval for `next`, while it still fits its days (30 days are never hourly).
  const keptInterval = (next: RangeChoice) => {
    const r = resolveRange(next);
    return wanted && !('field' in r) && intervalChoices(r.from, r.to).includes(wanted) ? wanted : undefined;
  };
  // A preset takes its own automatic interval; custom days start as the period shown, in its interval.
  const choosePreset = (preset: RangeChoice['preset']) => {
    if (preset !== 'custom') return navigate({ period: { choice: { preset, fromDay: '', toDay: '' } } });
    const days = 'field' in range ? { fromDay: localDay(30), toDay: localDay(0) } : { fromDay: localDay(0, range.from), toDay: localDay(0, range.to) };
    const next = { preset, ...days };
    navigate({ period: { choice: next, interval: keptInterval(next) } });
  };
  // Typing a day replaces the history entry rather than adding one per keystroke.
  const setDays = (days: Partial<Pick<RangeChoice, 'fromDay' | 'toDay'>>) => {
    const next = { ...choice, ...days };
    navigate({ period: { choice: next, interval: keptInterval(next) } }, 'replace');
  };
  const pickInterval = (value: Interval) => navigate({ period: { choice, interval: value } });

  // Field errors: the picker's own (an empty day) or the API's details (from after to, too many points).
  const details = 'field' in range ? { [range.field]: range.message } : load.state === 'failed' ? load.error.details : {};
  const generalError = load.state === 'failed' && Object.keys(load.error.details).length === 0 ? load.error.message : null;

  return (
    <section className="stack" aria-labelledby={`${id}-h`}>
      <div className="row between">
        <h2 id={`${id}-h`}>Clicks</h2>
        {exportPath ? <ClicksExport endpoint={exportPath} range={range} filters={filters} /> : null}
      </div>
      <form className="range-picker row" onSubmit={(e) => e.preventDefault()}>
        <FilterMenu label="Period" value={choice.preset} options={PRESETS} onChange={choosePreset} />
        {choice.preset === 'custom' ? (
          <>
            <DayField label="From" value={choice.fromDay} error={details.from} onChange={(fromDay) => setDays({ fromDay })} />
            <DayField label="To" value={choice.toDay} error={details.to} onChange={(toDay) => setDays({ toDay })} />
          </>
        ) : null}
        {tags && (tags.length > 0 || filters.tag) ? (
          <FilterMenu
            label="Tag"
            value={filters.tag ?? ''}
            options={[
              { value: '', label: 'All tags' },
              ...(filters.tag && !tags.includes(filters.tag) ? [filters.tag, ...tags] : tags).map((t) => ({ value: t, label: `#${t}` })),
            ]}
            onChange={(t) => setFilter('tag', t || undefined)}
          />
        ) : null}
        {intervals.length > 1 ? (
          <fieldset
            className="segmented"
            aria-invalid={details.interval ? true : undefined}
            aria-describedby={details.interval ? `${id}-interval-error` : undefined}
          >
            <legend>Interval</legend>
            {intervals.map((value) => (
              <label key={value}>
                <input type="radio" name={`${id}-interval`} value={value} checked={interval === value} onChange={() => pickInterval(value)} />
                <span>{INTERVAL_LABELS[value]}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
      </form>
      {details.interval ? (
        <p id={`${id}-interval-error`} className="error" role="alert">
          {details.interval}
        </p>
      ) : null}
      {details.from && choice.preset !== 'custom' ? (
        <p className="error" role="alert">
          {details.from}
        </p>
      ) : null}
      {generalError ? (
        <p className="error" role="alert">
          {generalError}
        </p>
      ) : null}
      <FilterChips filters={filters} onChange={changeFilters} linkCodes={load.state === 'ready' ? linkCodesOf(load.stats) : undefined} />
      <StatsBody
        load={load}
        everClicked={everClicked}
        neverClicked={neverClicked}
        filters={filters}
        onFilter={setFilter}
        ruleNames={ruleNames}
        winner={winner}
        utm={{ tab: utmTab, onTab: setUtmTab }}
      />
    </section>
  );
}

function DayField({ label, value, error, onChange }: { label: string; value: string; error?: string; onChange: (day: string) => void }) {
  const id = useId();
  // The error sits outside the <label>, so it describes the field instead of joining its name.
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <span id={`${id}-error`} className="field-error small" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

interface StatsBodyProps {
  load: Load;
  everClicked: boolean;
  neverClicked: ReactNode;
  filters: Filters;
  onFilter: (name: FilterName, value: string | undefined) => void;
  ruleNames?: Record<string, string>;
  winner?: string | null;
  utm: { tab?: UtmTab; onTab: (tab: UtmTab) => void };
}

function StatsBody({ load, everClicked, neverClicked, filters, onFilter, ruleNames, winner, utm }: StatsBodyProps) {
  if (load.state === 'failed') return null;
  if (load.state === 'loading') return <StatsSkeleton />;
  const { stats } = load;
  return (
    <>
      <dl className="headline" aria-live="polite">
        <div>
          <dt>Clicks</dt>
          <dd data-testid="clicks-total">{formatNumber(stats.clicks)}</dd>
          {stats.previous ? <PeriodChange now={stats.clicks} before={stats.previous.clicks} testId="clicks-change" /> : null}
          <BotsSummary stats={stats} />
        </div>
        <div>
          <dt>Unique visitors</dt>
          <dd data-testid="visitors-total">{formatNumber(stats.unique_visitors)}</dd>
          {stats.previous ? <PeriodChange now={stats.unique_visitors} before={stats.previous.unique_visitors} testId="visitors-change" /> : null}
        </div>
      </dl>
      {stats.clicks === 0 && Object.values(filters).some(Boolean) ? (
        <div className="empty-state">
          <p>
            <strong>No clicks match these filters in this period.</strong>
          </p>
          <p className="muted">Remove a filter above, or choose a longer period.</p>
        </div>
      ) : stats.clicks === 0 && everClicked ? (
        <div className="empty-state">
          <p>
            <strong>No clicks in this period.</strong>
          </p>
          <p className="muted">Choose a longer period to see earlier clicks.</p>
        </div>
      ) : stats.clicks === 0 ? (
        <div className="empty-state">{neverClicked}</div>
      ) : (
        <>
          <ClicksChart timeseries={stats.timeseries} />
          <BreakdownPanels stats={stats} filters={filters} onFilter={onFilter} ruleNames={ruleNames} winner={winner} utm={utm} />
        </>
      )}
    </>
  );
}

function StatsSkeleton() {
  return (
    <div className="stack" aria-busy="true">
      <p role="status" className="sr-only">
        Loading statistics…
      </p>
      <div className="headline">
        <div className="skeleton skeleton-box" />
        <div className="skeleton skeleton-box" />
      </div>
      <div className="skeleton skeleton-chart" />
      <div className="breakdowns">
        {Array.from({ length: 4 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders of a fixed count, never reordered
          <div key={i} className="skeleton skeleton-panel" />
        ))}
      </div>
    </div>
  );
}
