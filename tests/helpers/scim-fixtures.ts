// An SSO connection with a proven email domain, written straight into the database before Sling
// starts (directory sync provisions addresses of the workspace's proven domains only), or on the
// database an in-process Sling already has open (provenDomainOn).
import { randomUUID } from 'node:crypto';
import { ssoConnectionDomains, ssoConnections } from '../../db/schema';
import type { DbHandle } from '../../lib/db/types';
import type { TestDatabase } from './databases';
import { openTestContext } from './open-test-handle';

export async function addProvenDomain(tdb: TestDatabase, workspaceId: string, domain: string, defaultRole: 'member' | 'admin' = 'member'): Promise<string> {
  const ctx = await openTestContext(tdb);
  try {
    return await provenDomainOn(ctx.handle, workspaceId, domain, defaultRole);
  } finally {
    await ctx.handle.close();
  }
}

/** addProvenDomain on a database already open (an in-process Sling's). */
export async function provenDomainOn(handle: DbHandle, workspaceId: string, domain: string, defaultRole: 'member' | 'admin' = 'member'): Promise<string> {
  const id = randomUUID();
  await handle.db.insert(ssoConnections).values({
    id,
    workspaceId,
    name: `${domain} IdP`,
    type: 'okta',
    issuer: `https://idp.${domain}`,
    clientId: 'c',
    clientSecretCiphertext: 'not-used',
    scopes: ['openid'],
    domain,
    domainToken: 't',
    mapping: { email: 'email', name: 'name' },
    defaultRole,
  });
  await handle.db.insert(ssoConnectionDomains).values({ id: randomUUID(), connectionId: id, workspaceId, domain, token: 't', verifiedAt: new Date() });
  return id;
}
