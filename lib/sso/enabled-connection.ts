// The enabled connection one of whose proven email domains an address belongs to: what "Continue with SSO"
// and the sign-in checks go by. A workspace that left the Enterprise plan keeps its connections
// (they come back with the plan) but nobody signs in through them meanwhile.
import { and, eq, exists, isNotNull, sql } from 'drizzle-orm';
import { ssoConnectionDomains, ssoConnections, workspaces, type SsoConnectionRow } from '../../db/schema';
import type { Db } from '../db/types';

export const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

export async function enabledConnectionForEmail(db: Db, email: string): Promise<SsoConnectionRow | null> {
  const [row] = await db
    .select({ c: ssoConnections })
    .from(ssoConnections)
    .innerJoin(workspaces, and(eq(workspaces.id, ssoConnections.workspaceId), eq(workspaces.plan, 'enterprise')))
    .innerJoin(ssoConnectionDomains, eq(ssoConnectionDomains.connectionId, ssoConnections.id))
    .where(
      and(eq(ssoConnections.enabled, true), isNotNull(ssoConnectionDomains.verifiedAt), eq(sql`lower(${ssoConnectionDomains.domain})`, emailDomain(email))),
    )
    .limit(1);
  return row?.c ?? null;
}

const verifiedDomainOf = sql`(select 1 from ${ssoConnectionDomains} where ${ssoConnectionDomains.connectionId} = ${ssoConnections.id} and ${ssoConnectionDomains.verifiedAt} is not null)`;

export async function enabledConnection(db: Db, id: string): Promise<SsoConnectionRow | null> {
  const [row] = await db
    .select({ c: ssoConnections })
    .from(ssoConnections)
    .innerJoin(workspaces, and(eq(workspaces.id, ssoConnections.workspaceId), eq(workspaces.plan, 'enterprise')))
    .where(and(eq(ssoConnections.id, id), eq(ssoConnections.enabled, true), exists(verifiedDomainOf)))
    .limit(1);
  return row?.c ?? null;
}

/** Origins of enabled connections' identity providers (better-auth's trustedOrigins, when private issuers are allowed). */
export async function enabledIssuerOrigins(db: Db): Promise<string[]> {
  const rows = await db
    .select({ issuer: ssoConnections.issuer, endpoints: ssoConnections.endpoints })
    .from(ssoConnections)
    .where(eq(ssoConnections.enabled, true));
  const urls = rows.flatMap((r) => [r.issuer, r.endpoints?.authorization, r.endpoints?.token, r.endpoints?.jwks, r.endpoints?.userinfo]);
  return [...new Set(urls.filter((u): u is string => typeof u === 'string' && URL.canParse(u)).map((u) => new URL(u).origin))];
}
