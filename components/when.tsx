'use client';
// The one way the dashboard shows a moment: relative while it is within a week ("5 minutes ago",
// "in 3 days"), then the date; the full date and time in the reader's zone on hover (title). The
// server knows neither the locale nor the zone, so it renders the ISO date and the browser the text.
import { useSyncExternalStore } from 'react';

const FULL: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
const WEEK_MS = 7 * 24 * 3600_000;
const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/** The full date and time in the reader's locale and zone; "—" for none. */
export function formatWhen(iso: string | Date | null | undefined): string {
  return iso ? new Intl.DateTimeFormat(undefined, FULL).format(new Date(iso)) : '—';
}

/** "just now", "5 minutes ago", "yesterday", "in 3 days"; the date once it is more than a week away. */
export function relativeWhen(iso: string | Date, now = Date.now()): string {
  const at = new Date(iso).getTime();
  const diff = at - now;
  if (Math.abs(diff) < 45_000) return 'just now';
  if (Math.abs(diff) >= WEEK_MS) {
    const sameYear = new Date(at).getFullYear() === new Date(now).getFullYear();
    return new Intl.DateTimeFormat(undefined, sameYear ? { month: 'short', day: 'numeric' } : { dateStyle: 'medium' }).format(at);
  }
  let value = diff / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size || unit === 'day') return new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }).format(Math.round(value), unit);
    value /= size;
  }
  return formatWhen(iso);
}

const noSubscribe = () => () => {};

export function When({ iso, absolute = false }: { iso: string /** The full date and time instead of the relative text. */; absolute?: boolean }) {
  const inBrowser = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
  if (!inBrowser) return <time dateTime={iso}>{iso.slice(0, 10)}</time>;
  return (
    <time dateTime={iso} title={formatWhen(iso)}>
      {absolute ? formatWhen(iso) : relativeWhen(iso)}
    </time>
  );
}
