// One spelling per destination, so a threat list entry and a link's URL meet in a hash lookup:
// lower-case ASCII (punycode) host without a trailing dot, no scheme, no default port, no
// fragment, no user info, "/" for an empty path. http and https of one address are the same entry.
import { domainToASCII } from 'node:url';

/** "host[:port]/path?query", or null when `input` is not an http(s) URL with a host. */
export function normalizeUrl(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = normalizeHost(url.hostname);
  if (!host) return null;
  // URL already dropped the scheme's default port (":80" on http, ":443" on https).
  const port = url.port && !isDefaultPort(url.port) ? `:${url.port}` : '';
  return `${host}${port}${url.pathname || '/'}${url.search === '?' ? '' : url.search}`;
}

/** Lower-case ASCII host (IDN → punycode, trailing dot dropped), or null when it is not one. */
export function normalizeHost(input: string): string | null {
  let host = input.trim().toLowerCase();
  if (host.endsWith('.')) host = host.slice(0, -1);
  if (host === '') return null;
  if (host.startsWith('[') && host.endsWith(']')) return host;
  const ascii = domainToASCII(host);
  return ascii === '' ? null : ascii;
}

function isDefaultPort(port: string): boolean {
  return port === '80' || port === '443';
}

/** The host and each parent domain above it: a.b.evil.com → a.b.evil.com, b.evil.com, evil.com. */
export function hostAndParents(host: string): string[] {
  if (host.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(host)) return [host];
  const out = [host];
  let i = host.indexOf('.');
  // Stops before the last label: a list entry "com" would be a mistake, never a match.
  while (i !== -1 && host.indexOf('.', i + 1) !== -1) {
    out.push(host.slice(i + 1));
    i = host.indexOf('.', i + 1);
  }
  return out;
}
