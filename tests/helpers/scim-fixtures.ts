// An SSO connection with a proven email domain, written straight into the database before Sling
// starts (directory sync provisions addresses of the workspace's proven domains only).
import { randomUUID } from 'node:crypto';
import { ssoConnectionDomains, ssoConnections } from '../../db/schema';
import type { TestDatabase } from './databases';
import { openTestContext } from './open-test-handle';

export async function addProvenDomain(tdb: TestDatabase, workspaceId: string, domain: string, defaultRole: 'member' | 'admin' = 'member'): Promise<string> {
  const ctx = await openTestContext(tdb);
  try {
    const id = randomUUID();
    await ctx.handle.db.insert(ssoConnections).values({
      id, workspaceId, name: `${domain} IdP`, type: 'okta', issuer: `https://idp.${domain}`, clientId: 'c', clientSecretCiphertext: 'not-used', scopes: ['openid'],
      domain, domainToken: 't', mapping: { email: 'email', name: 'name' }, defaultRole,
    });
    await ctx.handle.db.insert(ssoConnectionDomains).values({ id: randomUUID(), connectionId: id, workspaceId, domain, token: 't', verifiedAt: new Date() });
    return id;
  } finally {
    await ctx.handle.close();
  }
}
