// Creates a short link: refuses a creator throttled for repeated unsafe destinations, validates and
// scans the destination (a suspicious one is created pending_review; a refusal is a strike against
// the creator), validates the alias, counts the workspace's daily quota, picks a random code when no alias is
// given (retrying on collision, also with another link's old code), and inserts it with its
// link.created event and the message dropping every instance's cached "unknown code" answer — on
// PostgreSQL one statement, the creation's only round trip (insert-link.ts).
import type { LinkRow, Plan } from '../../db/schema';
import { invalidationBus, linkKey } from '../cache/invalidation-bus';
import { isUniqueViolation } from '../db/unique-violation';
import { scanDestination, type ScanVerdict } from '../safety/scan-destination';
import { AppError, invalidField } from '../core/errors';
import { generateCode } from './generate-code';
import { insertLinkWithEvent } from './insert-link';
import { hashLinkPassword } from './link-password';
import { assertFuture } from '../schemas/parse-expiration';
import { validateMaxClicks } from './validate-max-clicks';
import type { AppContext } from '../context/app-context';
import { validateAlias } from './validate-alias';
import { assertFolderInWorkspace } from '../folders/folder-in-workspace';
import { validateLongUrl } from '../domains/validate-long-url';
import { writeUtm, type UtmKey } from './utm';
import { assertStartsFirst, assertTestForRules, checkAbTest, checkRules, worstVerdict } from '../link-rules/check-rules';
import { scanPlatforms, validatePlatforms, type PlatformUrls } from '../link-rules/check-platforms';
import type { StoredAbTest, TAbTest } from '../link-rules/ab-test-schema';
import type { StoredRule, TRule } from '../link-rules/rule-schema';

export interface CreateLinkInput {
  url: unknown;
  /** The input's name for the URL in errors (Variant B calls it long_url). */
  urlField?: string;
  alias?: unknown;
  domainId?: number;
  /** The workspace the link goes in (the system workspace for anonymous links). */
  workspaceId: string;
  /** The member making it; null for anonymous links. */
  createdBy?: string | null;
  /** Plain password (hashed here) or undefined. */
  password?: unknown;
  /** Already parsed; must be in the future. */
  expiresAt?: Date | null;
  maxClicks?: unknown;
  /** Whether bots' visits use up maxClicks too (false unless true). */
  countBots?: boolean;
  /** Already parsed: before it, visitors get the "not yet" page. */
  startsAt?: Date | null;
  /** Where visitors go once the link has expired or used up its clicks (checked and scanned here). */
  expiredUrl?: unknown;
  /** ios_url, android_url and their fallbacks (checked and scanned here; app links allowed in the first two). */
  platforms?: Partial<Record<keyof PlatformUrls, unknown>>;
  /** Whether a visit's query string is added to the destination (true unless false). */
  forwardQuery?: boolean;
  /** Whether the link's public stats page is on (false unless true). */
  publicStats?: boolean;
  /** Plain password for the public stats page (hashed here) or undefined. */
  publicStatsPassword?: unknown;
  /** Routing rules, already parsed (lib/link-rules/rule-schema.ts); their urls are checked here. */
  rules?: readonly TRule[];
  /** An A/B test, already parsed (lib/link-rules/ab-test-schema.ts); its urls are checked here. */
  abTest?: TAbTest;
  /** Already normalised (lib/links/link-schema.ts). */
  tags?: string[];
  /** The owner's note (already parsed: trimmed, null for none). */
  note?: string | null;
  /** UTM values written into the destination's query ('' removes one). */
  utm?: Partial<Record<UtmKey, string>>;
  /** The folder to file it in: one of the workspace's (checked here), or none. */
  folderId?: string;
  /** The workspace's plan, for its daily quota (looked up when not given). */
  plan?: Plan;
  /** The client's address, for the unsafe-destination throttle. */
  clientIp?: string;
}

export interface CreateLinkOptions {
  /** Random code source (tests pass a scripted one to force collisions). */
  generate?: () => string;
}

const CODE_ATTEMPTS = 8;

export async function createLink(input: CreateLinkInput, ctx: AppContext, opts: CreateLinkOptions = {}): Promise<LinkRow> {
  const generate = opts.generate ?? generateCode;
  const creator = { userId: input.createdBy, ip: input.clientIp };
  await ctx.safeguards?.assertNotThrottled(creator);
  let longUrl = validateLongUrl(input.url, ctx.domains.self, input.urlField);
  if (input.utm) longUrl = validateLongUrl(writeUtm(longUrl, input.utm), ctx.domains.self, input.urlField);
  // Before anything else is checked or hashed: a listed destination is refused outright.
  let scan: ScanVerdict;
  let rules: StoredRule[] = [];
  let expiredUrl: string | null = null;
  let abTest: StoredAbTest | null = null;
  const platforms = validatePlatforms(input.platforms ?? {}, ctx);
  try {
    scan = await scanDestination(longUrl, ctx.handle, input.urlField);
    if (input.rules?.length) {
      const checked = await checkRules(input.rules, ctx);
      rules = checked.rules;
      scan = worstVerdict(scan, checked.scan);
    }
    if (input.abTest) {
      const checked = await checkAbTest(input.abTest, ctx);
      abTest = checked.test;
      scan = worstVerdict(scan, checked.scan);
    }
    assertTestForRules(input.rules ?? [], input.abTest);
    scan = worstVerdict(scan, await scanPlatforms(platforms, ctx));
    if (input.expiredUrl !== undefined && input.expiredUrl !== null) {
      expiredUrl = validateLongUrl(input.expiredUrl, ctx.domains.self, 'expired_url');
      scan = worstVerdict(scan, await scanDestination(expiredUrl, ctx.handle, 'expired_url'));
    }
  } catch (err) {
    if (err instanceof AppError && err.code === 'unsafe_url') await ctx.safeguards?.recordUnsafeRefusal(ctx.handle.db, creator, longUrl, err.message);
    throw err;
  }
  const alias = input.alias === undefined || input.alias === null || input.alias === '' ? undefined : validateAlias(input.alias);
  // Only the workspace's own domains and the shared ones: any other id is "no such domain".
  const domain = input.domainId === undefined ? ctx.domains.defaultFor(input.workspaceId) : ctx.domains.usableBy(input.workspaceId, input.domainId);
  if (!domain) {
    const pending = input.domainId !== undefined && ctx.domains.usableBy(input.workspaceId, input.domainId, { anyStatus: true });
    throw invalidField(
      'domain_id',
      pending ? `The domain ${pending.hostname} is not verified yet: links can be made on it once its DNS records are.` : 'No such domain in this workspace.',
    );
  }
  const expiresAt = input.expiresAt ? assertFuture(input.expiresAt, 'expiration') : null;
  const startsAt = input.startsAt ?? null;
  assertStartsFirst(startsAt, expiresAt);
  const maxClicks = input.maxClicks === undefined || input.maxClicks === null ? null : validateMaxClicks(input.maxClicks);
  const passwordHash = input.password === undefined || input.password === null ? null : await hashLinkPassword(input.password);
  const publicStatsPasswordHash =
    input.publicStatsPassword === undefined || input.publicStatsPassword === null
      ? null
      : await hashLinkPassword(input.publicStatsPassword, 'public_stats_password');
  const folderId = input.folderId === undefined ? null : await assertFolderInWorkspace(ctx.handle.db, input.workspaceId, input.folderId);
  // Last, so a refused input does not spend the day's quota.
  await ctx.safeguards?.countLinkCreation(ctx.handle.db, input.workspaceId, input.plan);

  const bus = invalidationBus();
  for (let attempt = 0; attempt < (alias ? 1 : CODE_ATTEMPTS); attempt++) {
    const shortCode = alias ?? generate();
    const key = linkKey(domain.id, shortCode);
    // An earlier "unknown code" answer may be cached; drop it everywhere. On PostgreSQL NOTIFY the
    // message goes in the insert statement itself and commits with it; otherwise (Redis, PGlite)
    // publish() sends it after the commit without waiting, and a lost message only keeps an
    // "unknown" answer until its TTL.
    const notify = ctx.handle.kind === 'postgres' ? bus.statementNotify(key) : undefined;
    let row: LinkRow | undefined;
    try {
      row = await insertLinkWithEvent(
        ctx.handle,
        {
          workspaceId: input.workspaceId,
          createdBy: input.createdBy ?? null,
          domainId: domain.id,
          shortCode,
          longUrl,
          expiresAt,
          passwordHash,
          maxClicks,
          forwardQuery: input.forwardQuery ?? true,
          rules,
          startsAt,
          expiredUrl,
          countBots: input.countBots ?? false,
          publicStats: input.publicStats ?? false,
          publicStatsPasswordHash,
          abTest,
          ...platforms,
          status: scan.status,
          safetyReason: scan.reason,
          tags: input.tags ?? [],
          note: input.note ?? null,
          folderId,
        },
        ctx.domains,
        notify,
      );
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
    if (row) {
      bus.publish(key, { sentInTransaction: notify !== undefined });
      return row;
    }
    // Taken by a current link (the unique index) or held as another link's old code after a rename
    // (the insert's guard): an alias is refused, a random code drawn again.
    if (alias) throw aliasTaken(alias, domain.hostname);
  }
  throw new Error(`no free random code after ${CODE_ATTEMPTS} attempts`);
}

function aliasTaken(alias: string, hostname: string): AppError {
  return new AppError('alias_taken', `The alias "${alias}" is already taken on ${hostname}.`, { alias: 'This alias is already taken.' });
}
