// The process-wide domain registry. A changed domain (its host's key, domainHostKey) is read again
// alone and patched in, one read at a time per host so an older read never wins; ALL_KEYS (after a
// lost subscription) reloads everything. A failed reload is logged and the last
// good registry stays in use; only a failed first load reaches the caller (and the next call retries).
import { loadConfig } from '../config/load-config';
import { ALL_KEYS, invalidationBus } from '../cache/invalidation-bus';
import { database } from '../db/database';
import { logger } from '../core/logger';
import { globalSingleton } from '../core/global-singleton';
import { loadDomainRegistry, loadRegistryDomains, type DomainRegistry } from './domain-registry';

interface State {
  current: DomainRegistry | undefined;
  /** The reload in flight: callers wait for it, as a change was just announced. */
  pending: Promise<DomainRegistry> | undefined;
  /** Number of the last load started, and of the one `current` came from (an older one never wins). */
  started: number;
  applied: number;
  unsubscribe: (() => void) | undefined;
  /** The last patch queued per host: the next one runs after it. */
  patches: Map<string, Promise<void>>;
}

const state = () =>
  // In the registry: one database's domains, dropped between two starts in one test process.
  globalSingleton<State>('domainRegistryState', () => ({
    current: undefined,
    pending: undefined,
    started: 0,
    applied: 0,
    unsubscribe: undefined,
    patches: new Map(),
  }));

export function currentDomains(): Promise<DomainRegistry> {
  const s = state();
  s.unsubscribe ??= invalidationBus().subscribe((key) => {
    if (key === ALL_KEYS)
      reload(s).catch(() => {}); // logged in reload
    else if (key.startsWith('domain:')) patch(s, key.slice('domain:'.length));
  });
  // A domain changed by this process a moment ago is read again before anyone relies on it.
  if (s.patches.size > 0) return Promise.all(s.patches.values()).then(() => s.pending ?? s.current ?? reload(s));
  return s.pending ?? (s.current ? Promise.resolve(s.current) : reload(s));
}

/** The registry as it is now, for synchronous readers (the edge's hot path), once one has loaded. */
export async function liveDomains(): Promise<{ readonly current: DomainRegistry }> {
  await currentDomains();
  return state() as { readonly current: DomainRegistry };
}

function patch(s: State, host: string) {
  const run = async () => {
    const registry = s.pending ? await s.pending.catch(() => s.current) : s.current;
    if (!registry) return; // the first load reads it anyway
    registry.apply(host, await loadRegistryDomains(await database(), host));
  };
  const next = (s.patches.get(host) ?? Promise.resolve()).then(run).catch((err: unknown) => {
    logger().error({ err, host }, 'domain could not be read again; reloading every domain');
    reload(s).catch(() => {});
  });
  s.patches.set(host, next);
  void next.finally(() => {
    if (s.patches.get(host) === next) s.patches.delete(host);
  });
}

function reload(s: State): Promise<DomainRegistry> {
  const n = ++s.started;
  const p = load().then(
    (registry) => {
      if (n > s.applied) {
        s.current = registry;
        s.applied = n;
      }
      return s.current!;
    },
    (err: unknown) => {
      logger().error({ err }, s.current ? 'domain registry reload failed; keeping the previous one' : 'domain registry could not be loaded');
      if (!s.current) throw err;
      return s.current;
    },
  );
  s.pending = p;
  const settled = () => {
    if (s.pending === p) s.pending = undefined;
  };
  p.then(settled, settled);
  return p;
}

async function load(): Promise<DomainRegistry> {
  const config = loadConfig();
  return loadDomainRegistry(await database(), {
    baseUrl: config.BASE_URL,
    baseHost: config.baseHost,
    linkHost: config.LINK_HOST,
    listenHost: config.HOST,
    ports: config.TLS_PORT === undefined ? [config.PORT] : [config.PORT, config.TLS_PORT],
  });
}
