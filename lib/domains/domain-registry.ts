// Short domains known to this process: host → domain for the edge, and what counts as Sling itself
// (links may not point at it). Small, loaded at start and reloaded when a domain changes.
import { asc } from 'drizzle-orm';
import { domains } from '../../db/schema';
import { domainUsableBy } from '../workspaces/scope';
import type { DbHandle } from '../db/types';
import { selfAddress, type SelfAddress } from './self-address';

export interface Domain {
  id: number;
  hostname: string;
  isDefault: boolean;
  /** The owning workspace; the system workspace's domains are shared by every workspace. */
  workspaceId: string;
}

export interface DomainRegistry {
  readonly defaultDomain: Domain;
  /** The domain for a request's host (lower-case, no port); unknown hosts get the default domain. */
  forHost(host: string): Domain;
  byId(id: number): Domain | undefined;
  /** A domain the workspace may use (its own or a shared one), or undefined: outside its scope. */
  usableBy(workspaceId: string, id: number): Domain | undefined;
  /** Every domain the workspace may use, the default first. */
  listUsableBy(workspaceId: string): Domain[];
  /** Whether a URL leads back to Sling itself (our names, or a loopback alias of our address). */
  readonly self: SelfAddress;
  /** Public URL of a code on a domain. */
  shortUrl(domain: Domain, code: string): string;
}

export interface RegistryOptions {
  baseUrl: string;
  baseHost: string;
  linkHost: string;
  /** The address the server listens on (HOST; default every interface). */
  listenHost?: string;
  /** Ports the server listens on (PORT, TLS_PORT); BASE_URL's own port is added. */
  ports?: readonly number[];
}

/** Makes sure the default domain row exists and follows BASE_URL's host. */
export async function ensureDefaultDomain(handle: DbHandle, baseHost: string): Promise<void> {
  await handle.transaction(async (q) => {
    const [current] = await q.query<{ id: number; hostname: string }>(
      'SELECT id, hostname FROM domains WHERE is_default FOR UPDATE',
    );
    if (!current) {
      await q.query(
        `INSERT INTO domains (hostname, is_default, workspace_id) VALUES ($1, true, 'ws_system')
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
    .select({ id: domains.id, hostname: domains.hostname, isDefault: domains.isDefault, workspaceId: domains.workspaceId })
    .from(domains)
    .orderBy(asc(domains.id));
  const defaultDomain = rows.find((d) => d.isDefault);
  if (!defaultDomain) throw new Error('No default domain: run migrations and start Sling once');
  const byHost = new Map(rows.map((d) => [d.hostname.toLowerCase(), d]));
  const byId = new Map(rows.map((d) => [d.id, d]));
  const base = new URL(opts.baseUrl);
  const self = selfAddress({
    hosts: [opts.baseHost, opts.linkHost, ...byHost.keys()],
    listenHost: opts.listenHost ?? '0.0.0.0',
    ports: [...(opts.ports ?? []), Number(base.port || (base.protocol === 'https:' ? 443 : 80))],
  });
  return {
    defaultDomain,
    forHost: (host) => byHost.get(host) ?? defaultDomain,
    byId: (id) => byId.get(id),
    usableBy: (workspaceId, id) => {
      const d = byId.get(id);
      return d && domainUsableBy(d, workspaceId) ? d : undefined;
    },
    listUsableBy: (workspaceId) => rows.filter((d) => domainUsableBy(d, workspaceId)).sort((a, b) => Number(b.isDefault) - Number(a.isDefault)),
    self,
    shortUrl: (domain, code) =>
      domain.isDefault ? `${opts.baseUrl}/${code}` : `https://${domain.hostname}/${code}`,
  };
}
