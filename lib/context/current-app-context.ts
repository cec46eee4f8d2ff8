// The AppContext of this process (route handlers, CLI, jobs), with the creation safeguards on.
import { database } from '../db/database';
import { currentDomains } from '../domains/current-domains';
import type { AppContext } from './app-context';
import { linkSafeguards } from './link-safeguards';

export async function currentAppContext(): Promise<AppContext> {
  const [handle, domains] = await Promise.all([database(), currentDomains()]);
  return { handle, domains, safeguards: linkSafeguards };
}
