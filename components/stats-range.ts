// The detail page's period choice (a preset or custom calendar days) → the from/to instants the
// API takes. Custom days are local: from the first day's midnight to the last day's end.
export type Preset = '24h' | '7d' | '30d' | '90d' | 'custom';
export type Interval = 'hour' | 'day' | 'week';

export interface RangeChoice {
  preset: Preset;
  /** yyyy-mm-dd, used when preset is custom. */
  fromDay: string;
  toDay: string;
}

export const PRESETS: Array<{ value: Preset; label: string; hours?: number; interval?: Interval }> = [
  { value: '24h', label: 'Last 24 hours', hours: 24, interval: 'hour' },
  { value: '7d', label: 'Last 7 days', hours: 7 * 24, interval: 'day' },
  { value: '30d', label: 'Last 30 days', hours: 30 * 24, interval: 'day' },
  { value: '90d', label: 'Last 90 days', hours: 90 * 24, interval: 'week' },
  { value: 'custom', label: 'Custom dates…' },
];

export const INTERVAL_LABELS: Record<Interval, string> = { hour: 'Hourly', day: 'Daily', week: 'Weekly' };

/** A local calendar day as yyyy-mm-dd, `daysAgo` days before today. */
export function localDay(daysAgo = 0, now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysAgo);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export type ResolvedRange = { from: Date; to: Date } | { field: 'from' | 'to'; message: string };

export function resolveRange(choice: RangeChoice, now = new Date()): ResolvedRange {
  const preset = PRESETS.find((p) => p.value === choice.preset);
  if (preset?.hours) return { from: new Date(now.getTime() - preset.hours * 3_600_000), to: now };
  if (!choice.fromDay) return { field: 'from', message: 'Choose the first day.' };
  if (!choice.toDay) return { field: 'to', message: 'Choose the last day.' };
  return { from: new Date(`${choice.fromDay}T00:00:00`), to: new Date(`${choice.toDay}T23:59:59.999`) };
}
