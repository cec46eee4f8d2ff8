// Expiration dates: ISO 8601 (Variant A, v1; no offset means UTC) or "YYYY-MM-DD HH:MM:SS" UTC
// (Variant B). Past dates are refused when creating.
import { invalidField } from '../core/errors';
import { processClock } from '../core/clock';

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const SPACE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

export type ExpirationFormat = 'iso' | 'variant-b';

/** Parses a date; `field` names the input in the error. Returns a Date (UTC when no offset). */
export function parseExpiration(input: unknown, field: string, format: ExpirationFormat = 'iso'): Date {
  const hint = format === 'iso' ? 'an ISO 8601 date such as 2027-01-31 or 2027-01-31T10:00:00Z' : 'a date as YYYY-MM-DD HH:MM:SS (UTC)';
  // The field's own name in the message: a bad ?from= is not "the expiration".
  const what = /expir/.test(field) ? 'The expiration' : `"${field}"`;
  if (typeof input !== 'string') throw invalidField(field, `${what} must be ${hint}.`);
  const m = (format === 'iso' ? ISO : SPACE).exec(input.trim());
  if (!m) throw invalidField(field, `${what} must be ${hint}.`);
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '', zone] = m;
  const ms = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s, Number((frac + '000').slice(0, 3)));
  const date = new Date(ms);
  // Date.UTC rolls 2027-02-30 over to March; refuse instead.
  if (date.getUTCFullYear() !== +y || date.getUTCMonth() !== +mo - 1 || date.getUTCDate() !== +d || +h > 23 || +mi > 59 || +s > 59) {
    throw invalidField(field, `"${input}" is not a real date and time.`);
  }
  if (!zone || zone.toUpperCase() === 'Z') return date;
  const sign = zone[0] === '-' ? -1 : 1;
  const [zh, zm] = [Number(zone.slice(1, 3)), Number(zone.slice(-2))];
  return new Date(ms - sign * (zh * 60 + zm) * 60_000);
}

/** Refuses a date that is not after `now` (the process clock's time: lib/core/clock.ts). */
export function assertFuture(date: Date, field: string, now = processClock().nowMs()): Date {
  if (date.getTime() <= now) throw invalidField(field, 'The expiration must be in the future.');
  return date;
}

/** "YYYY-MM-DD HH:MM:SS" in UTC (Variant B's format). */
export function formatVariantB(date: Date | string | null): string | null {
  return date ? new Date(date).toISOString().slice(0, 19).replace('T', ' ') : null;
}
