// Does a URL lead back to this Sling (a redirect loop)? Host names are compared as the WHATWG URL
// parser leaves them (lower case, IDN as punycode, IPv4 shorthand like 2130706433 or 0x7f.1 as
// dotted quads), without trailing dots. Our own names — BASE_URL's host, LINK_HOST, every
// registered domain — are ours on any port. Loopback and unspecified addresses (127.0.0.0/8, ::1,
// IPv4-mapped/compatible forms of those, 0.0.0.0, ::, localhost, *.localhost) are us when they
// can reach this process: it listens on loopback or on every interface (or is itself addressed by a
// loopback name) and the URL's port — the scheme's default when absent — is one of ours. No DNS:
// this runs at link creation and when the edge loads a link into its cache.
import { isIP } from 'node:net';
import { ipv6Bytes } from '../safety/public-address';

export interface SelfAddressOptions {
  /** Host names that are Sling's (any form: they are normalised here). */
  hosts: readonly string[];
  /** The address the server listens on (HOST). */
  listenHost: string;
  /** Ports that reach this process: PORT, TLS_PORT, BASE_URL's. */
  ports: readonly number[];
}

export interface SelfAddress {
  /** True when following `url` would come back to this Sling. */
  pointsAtSelf(url: URL): boolean;
  /** The same for a stored destination; false for anything that does not parse. */
  loops(href: string): boolean;
}

const DEFAULT_PORT: Record<string, number> = { 'http:': 80, 'https:': 443 };

export function selfAddress(opts: SelfAddressOptions): SelfAddress {
  const names = new Set<string>();
  let loopbackNamed = false;
  for (const host of opts.hosts) {
    const h = normaliseHost(host);
    if (h === '') continue;
    if (isLoopbackHost(h)) loopbackNamed = true;
    else names.add(h);
  }
  const reachable = loopbackNamed || listensOnLoopback(opts.listenHost);
  const ports = new Set(opts.ports);
  const pointsAtSelf = (url: URL): boolean => {
    const host = bareHost(url.hostname);
    if (names.has(host)) return true;
    if (!reachable || !isLoopbackHost(host)) return false;
    const port = url.port === '' ? DEFAULT_PORT[url.protocol] : Number(url.port);
    return port !== undefined && ports.has(port);
  };
  return {
    pointsAtSelf,
    loops(href) {
      try {
        return pointsAtSelf(new URL(href));
      } catch {
        return false;
      }
    },
  };
}

/** A host name as a URL would carry it: lower case, punycode, dotted-quad IPv4, no brackets or trailing dot. */
export function normaliseHost(host: string): string {
  const raw = host.trim().replace(/^\[|\]$/g, '');
  if (raw === '') return '';
  try {
    return bareHost(new URL(`http://${isIP(raw) === 6 ? `[${raw}]` : raw}/`).hostname);
  } catch {
    return bareHost(raw.toLowerCase());
  }
}

function bareHost(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
}

/** Loopback or unspecified: reaches the machine itself. `host` is normalised (normaliseHost). */
export function isLoopbackHost(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const family = isIP(host);
  if (family === 4) return isLoopbackIpv4(host);
  if (family !== 6) return false;
  const bytes = ipv6Bytes(host);
  if (!bytes.slice(0, 10).every((b) => b === 0)) return false;
  const ipv4 = bytes.slice(12).join('.');
  if (ipv4 === '0.0.0.1' && bytes[10] === 0 && bytes[11] === 0) return true; // ::1
  const word5 = (bytes[10] << 8) | bytes[11];
  // ::, IPv4-compatible ::a.b.c.d and IPv4-mapped ::ffff:a.b.c.d of a loopback address
  return (word5 === 0 || word5 === 0xffff) && isLoopbackIpv4(ipv4);
}

function isLoopbackIpv4(ip: string): boolean {
  return ip.startsWith('127.') || ip === '0.0.0.0';
}

function listensOnLoopback(listenHost: string): boolean {
  const h = normaliseHost(listenHost);
  return h === '' || h === '::' || isLoopbackHost(h);
}
