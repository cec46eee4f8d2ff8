// The LinkContext of this process (route handlers, CLI).
import { database } from '../db/database';
import { currentDomains } from '../domains/current-domains';
import type { LinkContext } from './link-context';

export async function currentLinkContext(): Promise<LinkContext> {
  const [handle, domains] = await Promise.all([database(), currentDomains()]);
  return { handle, domains };
}
