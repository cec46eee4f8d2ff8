// A link's public stats page (docs/guide/analytics.md, "Public stats page"): found by code on the app
// host, only when its owner switched it on; otherwise exactly "not found", so the page does not tell
// whether the link exists. Its numbers are the link's own statistics minus what belongs to the owner:
// no routing rules, no A/B destinations, no UTM values of its destination, no bots (an owner's diagnostic, and their agents
// would tell where the link was shared), and never a visitor (the statistics hold no IP at all).
import { loadConfig } from '../config/load-config';
import { processClock } from '../core/clock';
import { AppError } from '../core/errors';
import type { AppContext } from '../context/app-context';
import type { LinkRow } from '../../db/schema';
import { getLinkStats } from './get-stats';
import { getPreviousPeriod } from './previous-period';
import type { StatsFilters } from './stats-filters';
import type { StatsRange } from './stats-range';
import { getLinkByCode } from '../links/get-link-by-code';
import { verifyPassword } from '../passwords/password';
import { sharedLimiter } from '../ratelimit/shared-limiter';
import { headersOf } from '../ratelimit/window-limiter';
import { isValidStatsUnlock, makeStatsUnlockCookie } from './stats-unlock-cookie';

/** Password guesses per page and address a minute, as for protected links (lib/link-pages/link-pages.ts). */
export const STATS_UNLOCK_ATTEMPTS_PER_MINUTE = 5;
/** Reads of public stats pages per address and minute: a page is open to anyone, its queries are not free. */
export const PUBLIC_STATS_READS_PER_MINUTE = 120;

const notFound = () => new AppError('not_found', 'No such link.');

/** The link whose public page `code` (on domain `domainId`, the shared default when absent) names; not_found when off. */
export async function findPublicStatsLink(ctx: AppContext, code: string, domainId?: number): Promise<LinkRow> {
  const domain = domainId === undefined ? ctx.domains.defaultDomain : ctx.domains.byId(domainId);
  if (!domain) throw notFound();
  const link = await getLinkByCode(ctx.handle.db, domain.id, code);
  // A renamed link's old code does not lead to its page: the page's address is the current code.
  if (!link || !link.publicStats || link.shortCode.toLowerCase() !== code.toLowerCase()) throw notFound();
  return link;
}

/** Whether the visitor may see the page: no password, or an unlock cookie (its value) for this one. */
export function mayReadPublicStats(link: LinkRow, unlock: string | undefined): boolean {
  if (!link.publicStatsPasswordHash) return true;
  return isValidStatsUnlock(unlock, {
    secret: loadConfig().SECRET_KEY,
    linkId: link.id,
    passwordHash: link.publicStatsPasswordHash,
    now: processClock().nowMs(),
  });
}

/** The statistics the page shows for a period, with the previous period's totals when `compare`. */
export async function getPublicStats(ctx: AppContext, link: LinkRow, q: { range: StatsRange; filters?: StatsFilters; compare: boolean }) {
  const [stats, previous] = await Promise.all([
    getLinkStats(ctx.handle, link, q.range, q.filters, { utm: false, bots: false }),
    q.compare ? getPreviousPeriod(ctx.handle, { linkId: link.id, filters: q.filters }, q.range) : undefined,
  ]);
  const { rules: _rules, variants: _variants, utm_source: _source, utm_medium: _medium, utm_campaign: _campaign, ...shown } = stats;
  return { ...shown, rules: [], ...(previous ? { previous } : {}) };
}

/**
 * Checks a password for the page (limited per page and address; a page without a password answers
 * like a wrong one) and returns the Set-Cookie value that opens it, with the limit's X-RateLimit headers.
 */
export async function unlockPublicStats(link: LinkRow, password: string, ip: string): Promise<{ cookie: string; limit: Record<string, string> }> {
  const limit = headersOf(await unlockLimiter().consume(`${link.id}:${ip}`));
  const hash = link.publicStatsPasswordHash;
  const ok = hash ? await verifyPassword({ hash, password }) : false;
  if (!ok || !hash) throw new AppError('forbidden', 'Wrong password. Try again.');
  const config = loadConfig();
  const cookie = makeStatsUnlockCookie({
    secret: config.SECRET_KEY,
    linkId: link.id,
    passwordHash: hash,
    secure: config.BASE_URL.startsWith('https:'),
    now: processClock().nowMs(),
  });
  return { cookie, limit };
}

/** Counts one read of a public stats page by `ip`: the X-RateLimit headers, or a 429 (rate_limited, Retry-After) past the limit. */
export async function countPublicStatsRead(ip: string): Promise<Record<string, string>> {
  return headersOf(await sharedLimiter('stats-read', () => [{ points: PUBLIC_STATS_READS_PER_MINUTE, durationSec: 60 }]).consume(ip));
}

function unlockLimiter() {
  // Shared by every instance (Redis), so spreading guesses over instances does not help.
  return sharedLimiter('stats-unlock', () => [{ points: STATS_UNLOCK_ATTEMPTS_PER_MINUTE, durationSec: 60 }]);
}
