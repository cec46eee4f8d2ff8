// The process-wide domain registry; reloaded when a domain changes anywhere (DOMAINS_KEY).
import { loadConfig } from '../config/load-config';
import { ALL_KEYS, DOMAINS_KEY, invalidationBus } from '../cache/invalidation-bus';
import { database } from '../db/database';
import { getGlobalSingleton, globalSingleton, setGlobalSingleton } from '../runtime/global-singleton';
import { loadDomainRegistry, type DomainRegistry } from './domain-registry';

const NAME = 'domainRegistry';

export function currentDomains(): Promise<DomainRegistry> {
  let pending = getGlobalSingleton<Promise<DomainRegistry>>(NAME);
  if (!pending) {
    pending = reload();
    setGlobalSingleton(NAME, pending);
    globalSingleton('domainRegistryListener', () =>
      invalidationBus().subscribe((key) => {
        if (key === DOMAINS_KEY || key === ALL_KEYS) setGlobalSingleton(NAME, reload());
      }),
    );
  }
  return pending;
}

async function reload(): Promise<DomainRegistry> {
  const config = loadConfig();
  const registry = loadDomainRegistry(await database(), {
    baseUrl: config.BASE_URL,
    baseHost: config.baseHost,
    linkHost: config.LINK_HOST,
  });
  registry.catch(() => setGlobalSingleton(NAME, undefined));
  return registry;
}
