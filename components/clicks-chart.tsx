'use client';
// Clicks per hour, day or week as bars (every bucket present, zero when empty), labelled in the
// reader's locale; the caption sums the series up in words for screen readers and skimmers.
import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber, type LinkStats } from './link-detail-api';

type Series = LinkStats['timeseries'];

const TICK: Record<Series['interval'], Intl.DateTimeFormatOptions> = {
  hour: { hour: 'numeric' },
  day: { month: 'short', day: 'numeric' },
  week: { month: 'short', day: 'numeric' },
};
const FULL: Record<Series['interval'], Intl.DateTimeFormatOptions> = {
  hour: { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  day: { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
  week: { month: 'short', day: 'numeric', year: 'numeric' },
};
const UNIT = { hour: 'hour', day: 'day', week: 'week' } as const;

export function ClicksChart({ timeseries }: { timeseries: Series }) {
  const id = useId();
  const { interval, points } = timeseries;
  // Hour ticks over more than two days would repeat the same hours: show the day instead.
  const tick = new Intl.DateTimeFormat(undefined, interval === 'hour' && points.length > 48 ? TICK.day : TICK[interval]);
  const full = new Intl.DateTimeFormat(undefined, FULL[interval]);
  const label = (t: string) => (interval === 'week' ? `Week of ${full.format(new Date(t))}` : full.format(new Date(t)));
  const peak = points.reduce((best, p) => (p.clicks > best.clicks ? p : best), points[0] ?? { t: '', clicks: 0 });
  return (
    <figure className="chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="muted">
        Clicks per {UNIT[interval]}
        {peak.clicks > 0 ? `; the busiest ${UNIT[interval]} was ${label(peak.t)} with ${formatNumber(peak.clicks)}` : ''}.
      </figcaption>
      <div className="chart-area">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} stroke="var(--border)" />
            <XAxis
              dataKey="t"
              tickFormatter={(t: string) => tick.format(new Date(t))}
              tick={{ fill: 'var(--muted)', fontSize: 12 }}
              stroke="var(--border)"
              minTickGap={16}
            />
            <YAxis
              allowDecimals={false}
              tickCount={Math.min(5, peak.clicks + 1)}
              tickFormatter={(n: number) => formatNumber(n)}
              tick={{ fill: 'var(--muted)', fontSize: 12 }}
              stroke="var(--border)"
              width={48}
            />
            <Tooltip
              cursor={{ fill: 'var(--border)', fillOpacity: 0.5 }}
              labelFormatter={(t) => label(String(t))}
              formatter={(n) => [formatNumber(Number(n)), 'Clicks']}
              contentStyle={{ background: 'var(--card)', border: '1px solid var(--border)', borderRadius: 8, color: 'var(--text)' }}
              labelStyle={{ color: 'var(--text)', fontWeight: 600 }}
              itemStyle={{ color: 'var(--text)' }}
            />
            <Bar dataKey="clicks" name="Clicks" fill="var(--accent)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
