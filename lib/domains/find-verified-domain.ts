// The custom domain answering for a host name (verified, or misconfigured but still serving), for the site directory.
import { and, eq, sql } from 'drizzle-orm';
import { certificates, domains } from '../../db/schema';
import type { Db } from '../db/types';
import { servingDomain } from './serving-statuses';
import type { CustomDomain } from './site-directory';

export async function findVerifiedDomain(db: Db, host: string): Promise<CustomDomain | undefined> {
  const [row] = await db
    .select({
      id: domains.id,
      hostname: domains.hostname,
      workspaceId: domains.workspaceId,
      notFoundUrl: domains.notFoundUrl,
      expiredUrl: domains.expiredUrl,
      rootRedirectUrl: domains.rootRedirectUrl,
      rootBehavior: domains.rootBehavior,
      hasCertificate: sql<boolean>`${certificates.certPem} IS NOT NULL`,
    })
    .from(domains)
    .leftJoin(certificates, eq(certificates.domainId, domains.id))
    .where(and(sql`lower(${domains.hostname}) = ${host.toLowerCase()}`, servingDomain(), eq(domains.isDefault, false)))
    .limit(1);
  return row;
}
