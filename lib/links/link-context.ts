// What link operations need from the process: the database and the known domains.
import type { DbHandle } from '../db/types';
import type { DomainRegistry } from '../domains/domain-registry';

export interface LinkContext {
  handle: DbHandle;
  domains: DomainRegistry;
}
