'use client';
// Clicks per hour, day or week as a smooth area (every bucket present, zero when empty), labelled in
// the reader's locale. The caption sums the series up in words for screen readers and skimmers; the
// chart takes the keyboard (arrows move the tooltip from bucket to bucket, Recharts' accessibility layer).
import { useId } from 'react';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber, type LinkStats } from './link-detail-api';

type Series = LinkStats['timeseries'];
type Interval = Series['interval'];

const TICK: Record<Interval, Intl.DateTimeFormatOptions> = {
  hour: { hour: 'numeric' },
  day: { month: 'short', day: 'numeric' },
  week: { month: 'short', day: 'numeric' },
};
const FULL: Record<Interval, Intl.DateTimeFormatOptions> = {
  hour: { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  day: { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
  week: { month: 'short', day: 'numeric', year: 'numeric' },
};
// The tooltip's shorter date: the year only when it is not this one.
const SHORT: Record<Interval, Intl.DateTimeFormatOptions> = {
  hour: { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric' },
  day: { weekday: 'short', month: 'short', day: 'numeric' },
  week: { month: 'short', day: 'numeric' },
};
const UNIT = { hour: 'hour', day: 'day', week: 'week' } as const;

/** "12 clicks · Tue, Nov 3" (the bucket's start; "week of Nov 3" for weeks). */
export function tooltipText(clicks: number, t: string, interval: Interval, now = new Date()): string {
  const date = new Date(t);
  const options = date.getFullYear() === now.getFullYear() ? SHORT[interval] : { ...SHORT[interval], year: 'numeric' as const };
  const when = new Intl.DateTimeFormat(undefined, options).format(date);
  return `${formatNumber(clicks)} ${clicks === 1 ? 'click' : 'clicks'} · ${interval === 'week' ? `week of ${when}` : when}`;
}

export function ClicksChart({ timeseries }: { timeseries: Series }) {
  const id = useId();
  const gradient = `clicks-fill-${id.replace(/[^\w-]/g, '')}`;
  const { interval, points } = timeseries;
  // Hour ticks over more than two days would repeat the same hours: show the day instead.
  const tick = new Intl.DateTimeFormat(undefined, interval === 'hour' && points.length > 48 ? TICK.day : TICK[interval]);
  const full = new Intl.DateTimeFormat(undefined, FULL[interval]);
  const label = (t: string) => (interval === 'week' ? `Week of ${full.format(new Date(t))}` : full.format(new Date(t)));
  const peak = points.reduce((best, p) => (p.clicks > best.clicks ? p : best), points[0] ?? { t: '', clicks: 0 });
  return (
    <figure className="chart" aria-labelledby={`${id}-caption`} data-points={points.length}>
      <figcaption id={`${id}-caption`} className="muted">
        Clicks per {UNIT[interval]}
        {peak.clicks > 0 ? `; the busiest ${UNIT[interval]} was ${label(peak.t)} with ${formatNumber(peak.clicks)}` : ''}.
      </figcaption>
      <p id={`${id}-keys`} className="sr-only">
        The left and right arrow keys move from {UNIT[interval]} to {UNIT[interval]}.
      </p>
      <div className="chart-area">
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} aria-labelledby={`${id}-caption`} aria-describedby={`${id}-keys`}>
            <defs>
              <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" style={{ stopColor: 'var(--accent)', stopOpacity: 0.35 }} />
                <stop offset="100%" style={{ stopColor: 'var(--accent)', stopOpacity: 0.02 }} />
              </linearGradient>
            </defs>
            <CartesianGrid vertical={false} stroke="var(--border)" strokeDasharray="3 3" />
            <XAxis
              dataKey="t"
              tickFormatter={(t: string) => tick.format(new Date(t))}
              tick={{ fill: 'var(--muted)', fontSize: 12 }}
              stroke="var(--border)"
              tickLine={false}
              minTickGap={24}
            />
            <YAxis
              allowDecimals={false}
              tickCount={Math.min(5, peak.clicks + 1)}
              tickFormatter={(n: number) => formatNumber(n)}
              tick={{ fill: 'var(--muted)', fontSize: 12 }}
              axisLine={false}
              tickLine={false}
              width={40}
            />
            <Tooltip
              cursor={{ stroke: 'var(--muted)', strokeDasharray: '3 3' }}
              content={({ active, payload }) => <ChartTooltip active={active} point={payload?.[0]?.payload} interval={interval} />}
            />
            <Area
              type="monotone"
              dataKey="clicks"
              name="Clicks"
              stroke="var(--accent)"
              strokeWidth={2}
              fill={`url(#${gradient})`}
              dot={false}
              activeDot={{ r: 4, fill: 'var(--accent)', stroke: 'var(--card)', strokeWidth: 2 }}
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

function ChartTooltip({ active, point, interval }: { active?: boolean; point?: Series['points'][number]; interval: Interval }) {
  if (!active || !point) return null;
  // A status: read out as the arrow keys move from bucket to bucket.
  return (
    <div className="chart-tooltip" role="status">
      {tooltipText(point.clicks, point.t, interval)}
    </div>
  );
}
