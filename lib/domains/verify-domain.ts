// Checks a domain's DNS records now, stores what was seen, and moves the status:
// pending (or expired) → verified the first time every record is right (with `domain.verified` in
// the same transaction: outbox → webhooks), which ends every other workspace's claim on the name
// (domain-claims.ts); a claim on a name another workspace holds is lost (expired, with the reason);
// verified → misconfigured when a re-check finds the records gone or pointing elsewhere (with
// `domain.misconfigured`, likewise); misconfigured → verified when they are back (no event).
// Each flip is a conditional UPDATE, so it happens (and is announced) exactly once however many
// checks race; claims on one name are settled one at a time (an advisory lock on the name), and a
// unique index keeps a verified name to one row.
import { and, eq, sql } from 'drizzle-orm';
import { parse } from 'tldts';
import { domains, type DomainRow, type DomainStatus } from '../../db/schema';
import { invalidationBus } from '../cache/invalidation-bus';
import type { DbHandle, Tx } from '../db/types';
import { expireLostClaim, expireOtherClaims, nameHolder } from './domain-claims';
import { recordEvent } from '../events/record-event';
import { checkDomainDns, dnsResolver, recordsVerified, type CheckedRecord, type DnsLookup } from './check-domain-dns';
import { expectedRecords } from './domain-records';
import { nextCheckAt, type DomainSettings } from './domain-settings';
import { domainHostKey } from './site-directory';
import { processClock } from '../core/clock';
import { recordAudit, type AuditBy } from '../audit/record-audit';

/** The status change this check made: first verification, records gone, records back, or a claim lost to another workspace. */
export type DomainTransition = 'verified' | 'misconfigured' | 'restored' | 'lost';

export interface VerifyResult {
  domain: DomainRow;
  /** True when this check turned a pending domain verified. */
  verifiedNow: boolean;
  transition?: DomainTransition;
  records: CheckedRecord[];
}

export async function verifyDomain(
  handle: DbHandle,
  domain: DomainRow,
  settings: DomainSettings,
  opts: { dns?: DnsLookup; now?: Date; by?: AuditBy } = {},
): Promise<VerifyResult> {
  const dns = opts.dns ?? dnsResolver(settings.dnsServers);
  const registrable = parse(domain.hostname, { allowPrivateDomains: true }).domain ?? domain.hostname;
  const records = await checkDomainDns(dns, expectedRecords(domain, registrable, settings));
  const ok = recordsVerified(records);
  // A lookup that failed (timeout, SERVFAIL) says nothing about the records: no flip to misconfigured.
  const lookupFailed = records.some((r) => r.error !== undefined);
  const now = opts.now ?? processClock().now();
  const flip = async (tx: Tx, from: DomainStatus, to: DomainStatus, extra: Partial<DomainRow> = {}) => {
    const [row] = await tx
      .update(domains)
      .set({ status: to, lastCheckedAt: now, lastCheck: records, nextCheckAt: null, updatedAt: now, ...extra })
      .where(and(eq(domains.id, domain.id), eq(domains.status, from)))
      .returning();
    if (row) await invalidationBus().publishIn(tx, domainHostKey(row.hostname));
    return row;
  };
  const result = await handle.db.transaction(async (tx) => {
    const settled = await settle(tx, domain, { ok, lookupFailed, records, now, flip, settings });
    if (settled.transition) {
      await recordAudit(tx, {
        ...(opts.by ?? { actorId: null, actorLabel: 'The background check' }),
        workspaceId: settled.domain.workspaceId,
        action: settled.transition === 'lost' ? 'domain.claim_lost' : `domain.${settled.transition}`,
        target: { type: 'domain', id: String(settled.domain.id), label: settled.domain.hostname },
      });
    }
    return settled;
  });
  if (result.transition) invalidationBus().publish(domainHostKey(result.domain.hostname), { sentInTransaction: true });
  return { ...result, verifiedNow: result.transition === 'verified', records };
}

interface SettleInput {
  ok: boolean;
  records: CheckedRecord[];
  lookupFailed: boolean;
  now: Date;
  settings: DomainSettings;
  flip: (tx: Tx, from: DomainStatus, to: DomainStatus, extra?: Partial<DomainRow>) => Promise<DomainRow | undefined>;
}

/** The status move of one check, inside its transaction. */
async function settle(
  tx: Tx,
  domain: DomainRow,
  { ok, lookupFailed, records, now, settings, flip }: SettleInput,
): Promise<{ domain: DomainRow; transition?: DomainTransition }> {
  if (domain.status === 'pending' || domain.status === 'expired') {
    // Claims on one name are settled one at a time (two at once would wait on each other's rows).
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`domain-name:${domain.hostname.toLowerCase()}`}))`);
    let holder = await nameHolder(tx, domain);
    if (!holder && ok) {
      const flipped = await flip(tx, domain.status, 'verified', { verifiedAt: now, statusReason: null });
      if (flipped) {
        await expireOtherClaims(tx, flipped, now);
        await recordEvent(tx, { type: 'domain.verified', workspaceId: flipped.workspaceId, data: domainVerifiedData(flipped, now) });
        return { domain: flipped, transition: 'verified' };
      }
      // Not flipped: another claim's verification expired this one while it waited for the row.
      holder = await nameHolder(tx, domain);
    }
    if (holder) return { domain: await expireLostClaim(tx, domain, holder.verifiedAt ?? now, now), transition: 'lost' };
  }
  if (ok && domain.status === 'misconfigured') {
    const flipped = await flip(tx, 'misconfigured', 'verified');
    if (flipped) return { domain: flipped, transition: 'restored' };
  }
  if (!ok && !lookupFailed && domain.status === 'verified') {
    const flipped = await flip(tx, 'verified', 'misconfigured');
    if (flipped) {
      await recordEvent(tx, { type: 'domain.misconfigured', workspaceId: flipped.workspaceId, data: domainMisconfiguredData(flipped, records, now) });
      return { domain: flipped, transition: 'misconfigured' };
    }
  }
  // No change: keep what was seen; a pending one is looked at again later.
  const next = domain.status === 'pending' && !ok ? nextCheckAt(new Date(domain.createdAt), now, settings.checkSchedule) : null;
  const [row] = await tx
    .update(domains)
    .set({ lastCheckedAt: now, lastCheck: records, ...(domain.status === 'pending' ? { nextCheckAt: next } : {}), updatedAt: now })
    .where(eq(domains.id, domain.id))
    .returning();
  return { domain: row ?? domain };
}

/** The data of a domain.verified event (docs/api/webhook-events.md). */
export function domainVerifiedData(domain: Pick<DomainRow, 'id' | 'hostname'>, verifiedAt: Date) {
  return { domain: { id: domain.id, hostname: domain.hostname }, verified_at: verifiedAt.toISOString() };
}

/** The data of a domain.misconfigured event: the records that are not as they should be (docs/api/webhook-events.md). */
export function domainMisconfiguredData(domain: Pick<DomainRow, 'id' | 'hostname'>, records: CheckedRecord[], checkedAt: Date) {
  return {
    domain: { id: domain.id, hostname: domain.hostname },
    problems: problemRecords(records).map((r) => ({ type: r.type, name: r.name, purpose: r.purpose, expected: r.value, status: r.status, seen: r.seen })),
    checked_at: checkedAt.toISOString(),
  };
}

/** What makes a check fail: a missing or wrong ownership record, a route pointing elsewhere, and,
 *  when no route is right, the missing ones (any one of CNAME / A / AAAA would do). */
export function problemRecords(records: CheckedRecord[]): CheckedRecord[] {
  const routed = records.some((r) => r.purpose === 'route' && r.status === 'found');
  return records.filter((r) => r.status === 'wrong' || (r.status === 'missing' && (r.purpose === 'ownership' || !routed)));
}
