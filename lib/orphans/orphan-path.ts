// What an orphan visit is recorded under: its kind and a normalised, bounded path (docs/guide/orphan-visits.md).
import type { OrphanKind } from '../../db/schema/orphan-visits';

/** Where a domain's paths go once it has MAX_PATHS_PER_DAY distinct ones in a day. */
export const OTHER_PATH = '(other)';
/** Distinct paths kept per domain and day; past it, visits count under OTHER_PATH (of their kind). */
export const MAX_PATHS_PER_DAY = 1000;
/** Longer paths are cut here. */
export const MAX_PATH_LENGTH = 200;

/**
 * The path stored for a visit: a code lower-cased (codes are matched case-insensitively); any other
 * path without its query string (it may carry personal data) or control characters, cut to
 * MAX_PATH_LENGTH; the root ''.
 */
export function orphanPath(kind: OrphanKind, raw: string): string {
  if (kind === 'root') return '';
  if (kind === 'code') return raw.toLowerCase().slice(0, MAX_PATH_LENGTH);
  const q = raw.search(/[?#]/);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return (q === -1 ? raw : raw.slice(0, q)).replace(/[\u0000-\u001f\u007f]/g, '').slice(0, MAX_PATH_LENGTH);
}

/** The UTC day of an instant, as the counts are keyed (YYYY-MM-DD). */
export function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}
