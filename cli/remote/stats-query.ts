// The range of `sling links stats`: --range 24h|7d|30d|12w (up to now), or --from/--to, and
// --interval; left out, the API's default (the last 30 days, by day).
import { UsageError } from '../usage-error';

const UNIT_MS = { h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 } as const;

export function statsQuery(values: { range?: string; from?: string; to?: string; interval?: string }, now = new Date()) {
  const interval = values.interval as 'hour' | 'day' | 'week' | undefined;
  if (interval !== undefined && !['hour', 'day', 'week'].includes(interval)) throw new UsageError('--interval must be hour, day or week');
  if (values.range === undefined) return { from: values.from, to: values.to, interval };
  if (values.from !== undefined) throw new UsageError('Give --range or --from, not both');
  const m = /^(\d+)([hdw])$/.exec(values.range);
  if (!m) throw new UsageError('--range is a number and a unit: 24h, 7d, 12w');
  const ms = Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS];
  const to = values.to === undefined ? now : new Date(values.to);
  if (Number.isNaN(to.getTime())) throw new UsageError('--to must be an ISO-8601 date');
  return { from: new Date(to.getTime() - ms).toISOString(), to: to.toISOString(), interval: interval ?? (ms <= 2 * UNIT_MS.d ? 'hour' : 'day') };
}
