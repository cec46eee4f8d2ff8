// Short domains known to this process: host → domain for the edge, and the set of our own hosts
// (links may not point at them). Small, loaded at start and reloaded when a domain changes.
import { asc } from 'drizzle-orm';
import { domains } from '../../db/schema';
import type { DbHandle } from '../db/types';

export interface Domain {
  id: number;
  hostname: string;
  isDefault: boolean;
}

export interface DomainRegistry {
  readonly defaultDomain: Domain;
  /** The domain for a request's host (lower-case, no port); unknown hosts get the default domain. */
  forHost(host: string): Domain;
  byId(id: number): Domain | undefined;
  /** Host names that belong to Sling itself. */
  readonly ownHosts: ReadonlySet<string>;
  /** Public URL of a code on a domain. */
  shortUrl(domain: Domain, code: string): string;
}

export interface RegistryOptions {
  baseUrl: string;
  baseHost: string;
  linkHost: string;
}

/** Makes sure the default domain row exists and follows BASE_URL's host. */
export async function ensureDefaultDomain(handle: DbHandle, baseHost: string): Promise<void> {
  await handle.transaction(async (q) => {
    const [current] = await q.query<{ id: number; hostname: string }>(
      'SELECT id, hostname FROM domains WHERE is_default FOR UPDATE',
    );
    if (!current) {
      await q.query(
        `INSERT INTO domains (hostname, is_default) VALUES ($1, true)
         ON CONFLICT (lower(hostname)) DO UPDATE SET is_default = true, updated_at = now()`,
        [baseHost],
      );
    } else if (current.hostname !== baseHost) {
      await q.query('UPDATE domains SET hostname = $1, updated_at = now() WHERE id = $2', [baseHost, current.id]);
    }
  });
}

export async function loadDomainRegistry(handle: DbHandle, opts: RegistryOptions): Promise<DomainRegistry> {
  const rows = await handle.db
    .select({ id: domains.id, hostname: domains.hostname, isDefault: domains.isDefault })
    .from(domains)
    .orderBy(asc(domains.id));
  const defaultDomain = rows.find((d) => d.isDefault);
  if (!defaultDomain) throw new Error('No default domain: run migrations and start Sling once');
  const byHost = new Map(rows.map((d) => [d.hostname.toLowerCase(), d]));
  const byId = new Map(rows.map((d) => [d.id, d]));
  const ownHosts = new Set([opts.baseHost, opts.linkHost, ...byHost.keys()]);
  return {
    defaultDomain,
    forHost: (host) => byHost.get(host) ?? defaultDomain,
    byId: (id) => byId.get(id),
    ownHosts,
    shortUrl: (domain, code) =>
      domain.isDefault ? `${opts.baseUrl}/${code}` : `https://${domain.hostname}/${code}`,
  };
}
