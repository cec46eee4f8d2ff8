// The process-wide domain registry; reloaded when a domain changes anywhere (DOMAINS_KEY, or
// ALL_KEYS after a lost subscription) by one listener. A failed reload is logged and the last good
// registry stays in use; only a failed first load reaches the caller (and the next call retries).
import { loadConfig } from '../config/load-config';
import { ALL_KEYS, DOMAINS_KEY, invalidationBus } from '../cache/invalidation-bus';
import { database } from '../db/database';
import { logger } from '../log/logger';
import { globalSingleton } from '../runtime/global-singleton';
import { loadDomainRegistry, type DomainRegistry } from './domain-registry';

interface State {
  current: DomainRegistry | undefined;
  /** The reload in flight: callers wait for it, as a change was just announced. */
  pending: Promise<DomainRegistry> | undefined;
  /** Number of the last load started, and of the one `current` came from (an older one never wins). */
  started: number;
  applied: number;
  unsubscribe: (() => void) | undefined;
}

const state = () =>
  globalSingleton<State>('domainRegistryState', () => ({ current: undefined, pending: undefined, started: 0, applied: 0, unsubscribe: undefined }));

export function currentDomains(): Promise<DomainRegistry> {
  const s = state();
  s.unsubscribe ??= invalidationBus().subscribe((key) => {
    if (key === DOMAINS_KEY || key === ALL_KEYS) reload(s).catch(() => {}); // logged in reload
  });
  return s.pending ?? (s.current ? Promise.resolve(s.current) : reload(s));
}

/** The registry as it is now, for synchronous readers (the edge's hot path), once one has loaded. */
export async function liveDomains(): Promise<{ readonly current: DomainRegistry }> {
  await currentDomains();
  return state() as { readonly current: DomainRegistry };
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
