// The link detail page's reads from /api/v1/links/{id}/… (same origin, session cookie), and the
// locale-aware formatting its panels share. A refused call throws ApiError with the API's message
// and per-field details, so the range picker can show them next to the field at fault.
import type { Stats } from '@/lib/analytics/get-stats';
import type { PreviousPeriod } from '@/lib/analytics/previous-period';
import type { VariantStats } from '@/lib/analytics/variant-stats';
import type { EventJson } from '@/lib/events/list-events';
import { ApiError, apiJson } from './api-client';

export type LinkStats = Stats & { short_code: string; previous?: PreviousPeriod; variants?: VariantStats[] };
export type LinkEventPage = { events: EventJson[]; next_before: string | null };

export { ApiError };

export function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  return apiJson<T>(path, { signal });
}

/** The browser's IANA time zone, so days start at the reader's midnight. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const numbers = new Intl.NumberFormat();
export const formatNumber = (n: number) => numbers.format(n);

let regionNames: Intl.DisplayNames | undefined;
/** "US" → "United States" in the reader's language; the code itself when unknown. */
export function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  regionNames ??= new Intl.DisplayNames(undefined, { type: 'region' });
  return regionNames.of(code) ?? code;
}

/** "1.2 MB" in the reader's locale. */
export function formatBytes(bytes: number): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return new Intl.NumberFormat(undefined, { style: 'unit', unit: units[unit], unitDisplay: 'narrow', maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
}
