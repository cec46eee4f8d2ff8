// Step 1 of the edge: is this request a short-link visit? Pure string work, no allocation beyond
// the slices it returns.
import { isReserved } from '../links/reserved-words';

export interface LinkTarget {
  /** The code as typed (case kept). */
  code: string;
  /** The raw query string without "?" ('' when none), forwarded to the destination. */
  query: string;
}

const CODE = /^[A-Za-z0-9_-]{1,50}$/;

/** Parses "/code", "/code/" or "/code?x=1"; anything else (reserved paths, deeper paths) is null. */
export function parseLinkTarget(url: string | undefined): LinkTarget | null {
  if (!url || url.charCodeAt(0) !== 47 /* / */) return null;
  const q = url.indexOf('?');
  let end = q === -1 ? url.length : q;
  if (end > 1 && url.charCodeAt(end - 1) === 47) end--; // one trailing slash
  const code = url.slice(1, end);
  if (!CODE.test(code) || isReserved(code)) return null;
  return { code, query: q === -1 ? '' : url.slice(q + 1) };
}

/** Lower-case host name without port, from a Host header. */
export function hostOf(hostHeader: string | undefined): string {
  if (!hostHeader) return '';
  if (hostHeader.charCodeAt(0) === 91 /* [ */) {
    const close = hostHeader.indexOf(']');
    return hostHeader.slice(1, close === -1 ? undefined : close).toLowerCase();
  }
  const colon = hostHeader.indexOf(':');
  return (colon === -1 ? hostHeader : hostHeader.slice(0, colon)).toLowerCase();
}
