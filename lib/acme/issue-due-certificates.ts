// The certificate job (`certificates.issue`, every minute): verified custom domains without a
// certificate, with one in the last third of its life and expiring within 30 days (a short-lived
// certificate of a few days is not renewed on every run), or whose last attempt failed and is due
// again get one. A failure is kept with the CA's reason and retried after a growing wait (10 min, 20, 40, …,
// at most a day), so a refusing CA is never asked in a loop (its rate limits).
import { and, eq, sql } from 'drizzle-orm';
import { certificates, domains } from '../../db/schema';
import type { Db } from '../db/types';
import { logger } from '../core/logger';
import { describeAcmeError, issueCertificate, type AcmeSettings } from './issue-certificate';
import { processClock } from '../core/clock';

export const RENEW_BEFORE_DAYS = 30;
/** A claim older than this (an instance died while issuing) may be taken over. */
const STALE_CLAIM_MINUTES = 15;
const BATCH = 5;

export function retryDelayMs(failures: number): number {
  return Math.min(10 * 60_000 * 2 ** Math.max(0, failures - 1), 24 * 3600_000);
}

export async function issueDueCertificates(db: Db, s: AcmeSettings, now = processClock().now()): Promise<{ issued: number; failed: number }> {
  const due = await db
    .select({ id: domains.id, hostname: domains.hostname, failures: certificates.failures })
    .from(domains)
    .leftJoin(certificates, eq(certificates.domainId, domains.id))
    .where(
      and(
        eq(domains.status, 'verified'),
        eq(domains.isDefault, false),
        sql`(${certificates.domainId} IS NULL
          OR (${certificates.status} = 'failed' AND ${certificates.nextAttemptAt} <= ${now})
          OR (${certificates.status} = 'issued'
              AND ${certificates.expiresAt} < ${now}::timestamptz + LEAST(make_interval(days => ${RENEW_BEFORE_DAYS}), COALESCE((${certificates.expiresAt} - ${certificates.issuedAt}) / 3, make_interval(days => ${RENEW_BEFORE_DAYS})))
              AND (${certificates.nextAttemptAt} IS NULL OR ${certificates.nextAttemptAt} <= ${now}))
          OR (${certificates.status} = 'pending' AND ${certificates.updatedAt} < ${now}::timestamptz - make_interval(mins => ${STALE_CLAIM_MINUTES})))`,
      ),
    )
    .limit(BATCH);
  let issued = 0;
  let failed = 0;
  for (const d of due) {
    // Claim it (another worker skips a fresh claim); an issued certificate keeps serving meanwhile.
    await db
      .insert(certificates)
      .values({ domainId: d.id, status: 'pending', updatedAt: now })
      .onConflictDoUpdate({
        target: certificates.domainId,
        set: { status: sql`CASE WHEN ${certificates.status} = 'issued' THEN 'issued' ELSE 'pending' END`, updatedAt: now },
      });
    try {
      await issueCertificate(db, d, s);
      issued++;
    } catch (err) {
      failed++;
      const failures = (d.failures ?? 0) + 1;
      const reason = describeAcmeError(err, s.directoryUrl);
      logger().warn({ domain: d.hostname, err, reason }, 'certificate not issued; retried later');
      await db
        .update(certificates)
        .set({
          status: sql`CASE WHEN ${certificates.status} = 'issued' AND ${certificates.expiresAt} > ${now} THEN 'issued' ELSE 'failed' END`,
          lastError: reason.slice(0, 1000),
          failures,
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(failures)),
          updatedAt: now,
        })
        .where(eq(certificates.domainId, d.id));
    }
  }
  return { issued, failed };
}
