// Changes a link (destination, scanned as on create; UTM values; alias, password, expiration, click
// limit, tags, note) and writes link.updated in the same transaction, then invalidates every cache.
// null removes the password, the expiration or the limit; moving or removing the expiration or the
// limit re-activates an expired link. A new alias keeps the old code leading to the link
// (previous-codes.ts) unless `freeOldCode`.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { links, type LinkRow } from '../../db/schema';
import { invalidField } from '../core/errors';
import { NO_SUCH_FOLDER } from '../folders/folder-in-workspace';
import { moveCode } from './previous-codes';
import { writeUtm, type UtmKey } from './utm';
import { invalidationBus, linkKey } from '../cache/invalidation-bus';
import { isUniqueViolation } from '../db/unique-violation';
import { linkEvent } from './link-event';
import { recordEvent } from '../events/record-event';
import { AppError } from '../core/errors';
import { scanDestination, type ScanVerdict } from '../safety/scan-destination';
import { hashLinkPassword } from './link-password';
import type { AppContext } from '../context/app-context';
import { validateAlias } from './validate-alias';
import { validateMaxClicks } from './validate-max-clicks';
import { validateLongUrl } from '../domains/validate-long-url';
import { assertStartsFirst, assertTestForRules, checkAbTest, checkRules, worstVerdict } from '../link-rules/check-rules';
import { scanPlatforms, validatePlatforms, PLATFORM_FIELDS, type PlatformUrls } from '../link-rules/check-platforms';
import { storedAbTest, type TAbTest } from '../link-rules/ab-test-schema';
import { storedRules, type TRule } from '../link-rules/rule-schema';

export interface UpdateLinkChanges {
  url?: unknown;
  alias?: unknown;
  /** string sets, null removes */
  password?: unknown;
  /** Date sets, null removes */
  expiresAt?: Date | null;
  /** number sets, null removes */
  maxClicks?: unknown;
  /** Whether bots' visits use up the click limit too. */
  countBots?: boolean;
  /** Date sets, null removes: before it, visitors get the "not yet" page. */
  startsAt?: Date | null;
  /** URL sets (checked and scanned), null removes: where visitors go once the link has expired. */
  expiredUrl?: unknown;
  /** Whether a visit's query string is added to the destination. */
  forwardQuery?: boolean;
  /** Whether the link's public stats page is on. */
  publicStats?: boolean;
  /** string sets the public stats page's password, null removes it. */
  publicStatsPassword?: unknown;
  /** ios_url, android_url and their fallbacks: a URL sets (checked and scanned), null removes, undefined leaves. */
  platforms?: Partial<Record<keyof PlatformUrls, unknown>>;
  /** Replaces the routing rules (already parsed; their urls are checked here); [] removes them. */
  rules?: readonly TRule[];
  /** Replaces the A/B test (started afresh; its urls are checked here); null removes it. */
  abTest?: TAbTest | null;
  /** Replaces the tags (already normalised); [] removes them all. */
  tags?: string[];
  /** true archives (hidden from the list by default; it still redirects), false brings it back. */
  archived?: boolean;
  /** Text sets, null removes (already parsed: lib/links/link-schema.ts). */
  note?: string | null;
  /** UTM values written into the destination (the new one, or the current one); '' removes one. */
  utm?: Partial<Record<UtmKey, string>>;
  /** With a new alias: give the old code up (it stops redirecting and may be reused) instead of keeping it. */
  freeOldCode?: boolean;
  /** A folder id files it (a folder of the link's workspace, else 400 on folder_id), null unfiles it. */
  folderId?: string | null;
}

const REACTIVATED = sql`CASE WHEN ${links.status} = 'expired' THEN 'active' ELSE ${links.status} END`;

/**
 * The status after the change: a moved expiry or limit re-activates an expired link; a new
 * destination's scan then decides between active and pending_review — for links that are either.
 * Disabled and blocked links stay so (only operators lift those).
 */
function nextStatus(reactivate: boolean, scan: ScanVerdict | undefined): { status?: SQL; safetyReason?: SQL } {
  const base = reactivate ? REACTIVATED : sql`${links.status}`;
  if (!scan) return reactivate ? { status: base } : {};
  const scanned = sql`(${base}) IN ('active', 'pending_review')`;
  return {
    status: sql`CASE WHEN ${scanned} THEN ${scan.status} ELSE ${base} END`,
    safetyReason: sql`CASE WHEN ${scanned} THEN ${scan.reason}::text ELSE ${links.safetyReason} END`,
  };
}

/**
 * `scope` (linkScope(actor, 'write')) goes into the UPDATE itself, so a link outside it is not
 * changed even if it was read a moment before; the operator's CLI passes OPERATOR_SCOPE.
 */
export async function updateLink(link: LinkRow | number, changes: UpdateLinkChanges, ctx: AppContext, scope: SQL): Promise<LinkRow> {
  if (typeof link === 'number' && needsCurrent(changes)) {
    // A rename needs the old code, UTM values the current destination, and a new destination or
    // rules the other's scan (the link's verdict covers both).
    const [found] = await ctx.handle.db
      .select()
      .from(links)
      .where(and(eq(links.id, link), scope));
    if (!found) throw new AppError('not_found', 'No such link.');
    link = found;
  }
  if (changes.freeOldCode !== undefined && changes.alias === undefined)
    throw invalidField('free_old_code', 'free_old_code goes with a new alias: it frees the code the link is leaving.');
  const set: Partial<typeof links.$inferInsert> = {};
  if (changes.url !== undefined) set.longUrl = validateLongUrl(changes.url, ctx.domains.self);
  if (changes.utm && typeof link !== 'number') {
    const withUtm = validateLongUrl(writeUtm(set.longUrl ?? link.longUrl, changes.utm), ctx.domains.self);
    if (set.longUrl !== undefined || withUtm !== link.longUrl) set.longUrl = withUtm;
  }
  if (changes.expiredUrl !== undefined)
    set.expiredUrl = changes.expiredUrl === null ? null : validateLongUrl(changes.expiredUrl, ctx.domains.self, 'expired_url');
  Object.assign(set, validatePlatforms(changes.platforms ?? {}, ctx));
  if (typeof link !== 'number' && (changes.rules !== undefined || changes.abTest !== undefined))
    assertTestForRules(changes.rules ?? storedRules(link.rules), changes.abTest !== undefined ? changes.abTest : link.abTest);
  const scan = await scanChanged(set, changes, link, ctx);
  if (changes.startsAt !== undefined) set.startsAt = changes.startsAt;
  if (changes.alias !== undefined) set.shortCode = validateAlias(changes.alias);
  if (changes.password !== undefined) set.passwordHash = changes.password === null ? null : await hashLinkPassword(changes.password);
  if (changes.expiresAt !== undefined) set.expiresAt = changes.expiresAt;
  if (typeof link !== 'number' && (changes.startsAt !== undefined || changes.expiresAt !== undefined))
    assertStartsFirst(changes.startsAt !== undefined ? changes.startsAt : link.startsAt, changes.expiresAt !== undefined ? changes.expiresAt : link.expiresAt);
  if (changes.maxClicks !== undefined) set.maxClicks = changes.maxClicks === null ? null : validateMaxClicks(changes.maxClicks);
  if (changes.forwardQuery !== undefined) set.forwardQuery = changes.forwardQuery;
  if (changes.countBots !== undefined) set.countBots = changes.countBots;
  if (changes.publicStats !== undefined) set.publicStats = changes.publicStats;
  if (changes.publicStatsPassword !== undefined)
    set.publicStatsPasswordHash = changes.publicStatsPassword === null ? null : await hashLinkPassword(changes.publicStatsPassword, 'public_stats_password');
  if (changes.tags !== undefined) set.tags = changes.tags;
  if (changes.note !== undefined) set.note = changes.note;
  // Only a folder of the link's own workspace: any other id selects nothing, and the check in the transaction refuses it.
  const folder =
    changes.folderId === undefined
      ? {}
      : {
          folderId:
            changes.folderId === null ? null : sql`(SELECT f.id FROM folders f WHERE f.id = ${changes.folderId} AND f.workspace_id = "links"."workspace_id")`,
        };
  const linkId = typeof link === 'number' ? link : link.id;
  const before = typeof link === 'number' ? undefined : link;
  let row: LinkRow | undefined;
  try {
    row = await ctx.handle.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(links)
        .set({
          ...set,
          ...folder,
          // Archiving again keeps the first date.
          ...(changes.archived === undefined ? {} : { archivedAt: changes.archived ? sql`coalesce(${links.archivedAt}, now())` : null }),
          // A new or removed expiry or click limit brings an expired link back (the expiry job
          // marks it again if it is still due); disabled stays disabled.
          ...nextStatus(changes.expiresAt !== undefined || changes.maxClicks !== undefined || changes.countBots !== undefined, scan),
          updatedAt: sql`now()`,
        })
        .where(and(eq(links.id, linkId), scope))
        .returning();
      if (updated && typeof changes.folderId === 'string' && updated.folderId !== changes.folderId) throw invalidField('folder_id', NO_SUCH_FOLDER);
      if (updated && before && updated.shortCode !== before.shortCode) {
        const moved = await moveCode(tx, updated, before.shortCode, updated.shortCode, changes.freeOldCode === true);
        if (moved.heldByAnother) throw aliasTaken(updated.shortCode);
      }
      if (updated) await recordEvent(tx, linkEvent('link.updated', updated, ctx.domains));
      // This edit's scan held the link (a new suspicious destination): the event to subscribe to for holds.
      if (updated?.status === 'pending_review' && scan?.status === 'pending_review')
        await recordEvent(tx, linkEvent('link.held', updated, ctx.domains, { reason: scan.reason, status: updated.status }));
      if (updated) for (const key of cacheKeys(updated, before)) await invalidationBus().publishIn(tx, key);
      return updated;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw aliasTaken(String(changes.alias));
    throw err;
  }
  if (!row) throw new AppError('not_found', 'No such link.');
  for (const key of cacheKeys(row, before)) invalidationBus().publish(key, { sentInTransaction: true });
  return row;
}

/** Whether the change needs the link as it is: a rename's old code, UTM values' destination, the other destinations' scan, the start against the expiry. */
function needsCurrent(c: UpdateLinkChanges): boolean {
  return (
    c.alias !== undefined ||
    c.utm !== undefined ||
    c.url !== undefined ||
    c.rules !== undefined ||
    c.abTest !== undefined ||
    c.expiredUrl !== undefined ||
    PLATFORM_FIELDS.some(([key]) => c.platforms?.[key] !== undefined) ||
    c.startsAt !== undefined ||
    c.expiresAt !== undefined
  );
}

/**
 * The verdict for a new destination, rules or expired_url: the link's url and its rules' urls together (a
 * change to one must not clear a hold the other caused); undefined when neither changes. Sets the
 * checked rules, ids assigned, on `set`.
 */
async function scanChanged(
  set: Partial<typeof links.$inferInsert>,
  changes: UpdateLinkChanges,
  link: LinkRow | number,
  ctx: AppContext,
): Promise<ScanVerdict | undefined> {
  const rules = changes.rules;
  const platformsChanged = PLATFORM_FIELDS.some(([key]) => set[key]);
  if (set.longUrl === undefined && rules === undefined && !set.expiredUrl && !changes.abTest && !platformsChanged) {
    if (changes.abTest === null) set.abTest = null;
    return undefined;
  }
  const current = typeof link === 'number' ? undefined : link;
  const url = set.longUrl ?? current?.longUrl;
  let scan: ScanVerdict = url === undefined ? { status: 'active', reason: null } : await scanDestination(url, ctx.handle);
  const expiredUrl = set.expiredUrl !== undefined ? set.expiredUrl : current?.expiredUrl;
  if (expiredUrl) scan = worstVerdict(scan, await scanDestination(expiredUrl, ctx.handle, 'expired_url'));
  const platforms = Object.fromEntries(PLATFORM_FIELDS.map(([key]) => [key, set[key] !== undefined ? set[key] : current?.[key]]));
  scan = worstVerdict(scan, await scanPlatforms(platforms, ctx));
  const checked = await checkRules(rules ?? storedRules(current?.rules), ctx);
  if (rules !== undefined) set.rules = checked.rules;
  scan = worstVerdict(scan, checked.scan);
  if (changes.abTest === null) set.abTest = null;
  else if (changes.abTest !== undefined) {
    const test = await checkAbTest(changes.abTest, ctx, Number(current?.clicks ?? 0));
    set.abTest = test.test;
    scan = worstVerdict(scan, test.scan);
  } else {
    // A running test's destinations are part of the verdict too.
    const running = storedAbTest(current?.abTest);
    for (const [i, v] of (running?.ended_at ? [] : (running?.variants ?? [])).entries())
      scan = worstVerdict(scan, await scanDestination(v.url, ctx.handle, `ab_test.variants[${i}].url`));
  }
  return scan;
}

function aliasTaken(alias: string): AppError {
  return new AppError('alias_taken', `The alias "${alias}" is already taken.`, { alias: 'This alias is already taken.' });
}

/** The link's cache key, and its old one when the alias changed. */
function cacheKeys(row: LinkRow, before: LinkRow | undefined): string[] {
  const key = linkKey(row.domainId, row.shortCode);
  const old = before && linkKey(before.domainId, before.shortCode);
  return old && old !== key ? [key, old] : [key];
}
