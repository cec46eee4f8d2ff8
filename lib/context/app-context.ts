// What link operations need from the process: the database, the known domains, and the creation
// safeguards (quotas, the unsafe-destination throttle) — left out by lib-level tests that exercise
// creation alone.
import type { DbHandle } from '../db/types';
import type { DomainRegistry } from '../domains/domain-registry';
import type { LinkSafeguards } from './link-safeguards';

export interface AppContext {
  handle: DbHandle;
  domains: DomainRegistry;
  safeguards?: LinkSafeguards;
}
