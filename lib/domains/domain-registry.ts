// Short domains known to this process, for link operations (the edge resolves hosts through
// site-directory.ts): id → domain, and what counts as Sling itself (links may not point at it).
// Loaded at start; a changed domain is patched in by host name (apply), not by reloading all.
import { asc, sql } from 'drizzle-orm';
import { domains, type DomainStatus } from '../../db/schema';
import { domainUsableBy } from '../tenancy/scope';
import type { DbHandle } from '../db/types';
import { selfAddress, type SelfAddress } from './self-address';
import { servesLinks } from './serving-statuses';

export interface Domain {
  id: number;
  hostname: string;
  isDefault: boolean;
  /** The owning workspace; the system workspace's domains are shared by every workspace. */
  workspaceId: string;
  /** Links may be made only on verified domains (and misconfigured ones, which keep serving). */
  status: DomainStatus;
  /** The workspace's choice for new links. */
  workspaceDefault: boolean;
}

export interface DomainRegistry {
  readonly defaultDomain: Domain;
  /** Where the workspace's new links go: its verified default domain, else the shared default. */
  defaultFor(workspaceId: string): Domain;
  byId(id: number): Domain | undefined;
  /** A verified domain the workspace may use (its own or a shared one), or undefined; `anyStatus` for reading links already on it. */
  usableBy(workspaceId: string, id: number, opts?: { anyStatus?: boolean }): Domain | undefined;
  /** Whether a URL leads back to Sling itself (our names, or a loopback alias of our address). */
  readonly self: SelfAddress;
  /** Public URL of a code on a domain. */
  shortUrl(domain: Domain, code: string): string;
  /** Replaces what is known of one host name with its rows now (none: it is gone); several workspaces may claim one name. */
  apply(host: string, rows: readonly Domain[]): void;
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
    // Instances that start together would both find no default row (FOR UPDATE locks nothing that
    // is not there) and both insert one: the lock makes the second wait and then find the first's.
    await q.query("SELECT pg_advisory_xact_lock(hashtext('domains:default'))");
    const [current] = await q.query<{ id: number; hostname: string }>('SELECT id, hostname FROM domains WHERE is_default FOR UPDATE');
    if (!current) {
      await q.query(
        `INSERT INTO domains (hostname, is_default, workspace_id, status) VALUES ($1, true, 'ws_system', 'verified')
         ON CONFLICT (lower(hostname)) WHERE status IN ('verified', 'misconfigured') DO UPDATE SET is_default = true, status = 'verified', updated_at = now()`,
        [baseHost],
      );
    } else if (current.hostname !== baseHost) {
      await q.query('UPDATE domains SET hostname = $1, updated_at = now() WHERE id = $2', [baseHost, current.id]);
    }
  });
}

const COLUMNS = {
  id: domains.id,
  hostname: domains.hostname,
  isDefault: domains.isDefault,
  workspaceId: domains.workspaceId,
  status: domains.status,
  workspaceDefault: domains.workspaceDefault,
};

export async function loadDomainRegistry(handle: DbHandle, opts: RegistryOptions): Promise<DomainRegistry> {
  const rows = await handle.db.select(COLUMNS).from(domains).orderBy(asc(domains.id));
  const defaultDomain = rows.find((d) => d.isDefault);
  if (!defaultDomain) throw new Error('No default domain: run migrations and start Sling once');
  const byHost = new Map<string, Domain[]>();
  for (const d of rows) byHost.set(d.hostname.toLowerCase(), [...(byHost.get(d.hostname.toLowerCase()) ?? []), d]);
  const byId = new Map(rows.map((d) => [d.id, d]));
  const fixedHosts = [opts.baseHost, opts.linkHost];
  const base = new URL(opts.baseUrl);
  const selfOf = () =>
    selfAddress({
      hosts: [...fixedHosts, ...byHost.keys()],
      listenHost: opts.listenHost ?? '0.0.0.0',
      ports: [...(opts.ports ?? []), Number(base.port || (base.protocol === 'https:' ? 443 : 80))],
    });
  let self = selfOf();
  const usable = (d: Domain | undefined, workspaceId: string, anyStatus = false) =>
    d && (anyStatus || servesLinks(d.status)) && domainUsableBy(d, workspaceId) ? d : undefined;
  return {
    defaultDomain,
    defaultFor: (workspaceId) => {
      for (const d of byId.values()) if (d.workspaceDefault && d.workspaceId === workspaceId && servesLinks(d.status)) return d;
      return defaultDomain;
    },
    byId: (id) => byId.get(id),
    usableBy: (workspaceId, id, o) => usable(byId.get(id), workspaceId, o?.anyStatus),
    get self() {
      return self;
    },
    shortUrl: (domain, code) => (domain.isDefault ? `${opts.baseUrl}/${code}` : `https://${domain.hostname}/${code}`),
    apply: (host, now) => {
      const old = (byHost.get(host) ?? []).filter((d) => !d.isDefault);
      const fresh = now.filter((d) => !d.isDefault);
      for (const d of old) byId.delete(d.id);
      for (const d of fresh) byId.set(d.id, d);
      const kept = (byHost.get(host) ?? []).filter((d) => d.isDefault);
      if (kept.length + fresh.length > 0) byHost.set(host, [...kept, ...fresh]);
      else byHost.delete(host);
      if ((old.length === 0) !== (fresh.length === 0)) self = selfOf();
    },
  };
}

/** One host's rows (the verified one, or the workspaces' claims), for DomainRegistry.apply. */
export function loadRegistryDomains(handle: DbHandle, host: string): Promise<Domain[]> {
  return handle.db.select(COLUMNS).from(domains).where(sql`lower(${domains.hostname}) = ${host}`).orderBy(asc(domains.id));
}
