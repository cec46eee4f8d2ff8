// Step 1 of the edge: is this request a short-link visit? Pure string work, no allocation beyond
// the slices it returns.
import { LINK_CODE } from '../links/link-code';
import { isReserved } from '../links/reserved-words';

export interface LinkTarget {
  /** The code as typed (case kept). */
  code: string;
  /** The raw query string without "?" and without the QR marker ('' when none), forwarded to the destination. */
  query: string;
  /** 'qr' when the visit carries Sling's QR marker (`qr=1`). */
  trigger: 'link' | 'qr';
}

/** Sling's QR codes encode the short URL with `qr=1`; it marks the visit and is not forwarded. */
export const QR_MARKER = 'qr=1';

export function splitQrMarker(query: string): { query: string; trigger: 'link' | 'qr' } {
  if (!query.includes(QR_MARKER)) return { query, trigger: 'link' };
  const parts = query.split('&');
  const kept = parts.filter((p) => p !== QR_MARKER);
  return kept.length === parts.length ? { query, trigger: 'link' } : { query: kept.join('&'), trigger: 'qr' };
}

/** The query a link page is given: the visit's, with the QR marker put back so the page can count it. */
export function withQrMarker(query: string, trigger: 'link' | 'qr'): string {
  if (trigger === 'link') return query;
  return query ? `${QR_MARKER}&${query}` : QR_MARKER;
}

/** Parses "/code", "/code/" or "/code?x=1"; anything else (reserved paths, deeper paths) is null. */
export function parseLinkTarget(url: string | undefined): LinkTarget | null {
  if (url?.charCodeAt(0) !== 47 /* / */) return null;
  const q = url.indexOf('?');
  let end = q === -1 ? url.length : q;
  if (end > 1 && url.charCodeAt(end - 1) === 47) end--; // one trailing slash
  const code = url.slice(1, end);
  if (!LINK_CODE.test(code) || isReserved(code)) return null;
  if (q === -1) return { code, query: '', trigger: 'link' };
  return { code, ...splitQrMarker(url.slice(q + 1)) };
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
