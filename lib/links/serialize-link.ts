// The public link shape of every API (docs/api/rest-v1.md, "Links"); utm_* are the destination's UTM parameters.
import type { LinkRow } from '../../db/schema';
import type { DomainRegistry } from '../domains/domain-registry';
import { readUtm, type Utm } from './utm';
import { processClock } from '../core/clock';
import { storedRules, type StoredRule } from '../link-rules/rule-schema';
import { storedAbTest, type StoredAbTest } from '../link-rules/ab-test-schema';
import { publicStatsUrl } from './public-stats-url';

export interface LinkJson extends Utm {
  id: number;
  short_code: string;
  short_url: string;
  long_url: string;
  domain: { id: number; hostname: string };
  password_protected: boolean;
  expiration: string | null;
  max_clicks: number | null;
  /** Whether bots' visits use up max_clicks too. */
  count_bots: boolean;
  /** Before this, visitors get the "not yet" page; null when active from creation. */
  starts_at: string | null;
  /** Where visitors go once the link has expired or used up its clicks; null: the "Link Expired" page. */
  expired_url: string | null;
  /** Where iOS / Android visitors go (https or an app link), and where the app page falls back; null when unset. */
  ios_url: string | null;
  ios_fallback_url: string | null;
  android_url: string | null;
  android_fallback_url: string | null;
  /** Whether a visit's query string is added to the destination. */
  forward_query: boolean;
  /** Whether the link's public stats page is on; its address (null when off); whether it asks a password. */
  public_stats: boolean;
  public_stats_url: string | null;
  public_stats_protected: boolean;
  /** Routing rules in order (lib/link-rules); [] when none. */
  rules: StoredRule[];
  /** The A/B test (running, or ended with its winner); null when none. */
  ab_test: StoredAbTest | null;
  status: string;
  /** Why an admin disabled the link; null otherwise. */
  disabled_reason: string | null;
  /** Why the scanner holds the link (pending_review, blocked); null otherwise. */
  safety_reason: string | null;
  clicks: number;
  /** Normalised names, in the order given. */
  tags: string[];
  archived: boolean;
  archived_at: string | null;
  /** The folder it is filed in; null: unfiled. */
  folder_id: string | null;
  /** The owner's note (never shown to visitors); null when none. */
  note: string | null;
  /** The member who made it (null for anonymous links and removed accounts). */
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** The part of the domain registry a link's public shape needs. */
export type LinkDomains = Pick<DomainRegistry, 'byId' | 'defaultDomain' | 'shortUrl'>;

export function serializeLink(link: LinkRow, domains: LinkDomains): LinkJson {
  const domain = domains.byId(link.domainId) ?? domains.defaultDomain;
  return {
    id: link.id,
    short_code: link.shortCode,
    short_url: domains.shortUrl(domain, link.shortCode),
    long_url: link.longUrl,
    domain: { id: domain.id, hostname: domain.hostname },
    password_protected: link.passwordHash !== null,
    expiration: link.expiresAt ? iso(link.expiresAt) : null,
    max_clicks: link.maxClicks,
    count_bots: link.countBots ?? false,
    starts_at: link.startsAt ? iso(link.startsAt) : null,
    expired_url: link.expiredUrl ?? null,
    ios_url: link.iosUrl ?? null,
    ios_fallback_url: link.iosFallbackUrl ?? null,
    android_url: link.androidUrl ?? null,
    android_fallback_url: link.androidFallbackUrl ?? null,
    forward_query: link.forwardQuery,
    public_stats: link.publicStats ?? false,
    public_stats_url: publicStatsUrl(link, domains),
    public_stats_protected: link.publicStatsPasswordHash != null,
    rules: storedRules(link.rules),
    ab_test: storedAbTest(link.abTest),
    status: effectiveStatus(link),
    disabled_reason: link.disabledReason,
    safety_reason: link.safetyReason,
    clicks: Number(link.clicks),
    tags: link.tags ?? [],
    archived: link.archivedAt != null,
    archived_at: link.archivedAt ? iso(link.archivedAt) : null,
    folder_id: link.folderId ?? null,
    note: link.note ?? null,
    // Read from the destination's query, where they live (lib/links/utm.ts).
    ...readUtm(link.longUrl),
    created_by: link.createdBy,
    created_at: iso(link.createdAt),
    updated_at: iso(link.updatedAt),
  };
}

/**
 * The state a visitor meets: an active link whose expiry has passed or whose click limit is used up
 * is already expired at the edge, before the expiry job (every minute) stores it as such; one whose
 * start is still ahead is `scheduled` (stored as active: nothing has to change when it starts).
 */
export function effectiveStatus(
  link: Pick<LinkRow, 'status' | 'expiresAt' | 'maxClicks' | 'clicks'> & Partial<Pick<LinkRow, 'startsAt' | 'botClicks' | 'countBots'>>,
  now = processClock().nowMs(),
): string {
  if (link.status !== 'active') return link.status;
  const used = Number(link.clicks) + (link.countBots ? Number(link.botClicks ?? 0) : 0);
  const ranOut = (link.expiresAt !== null && new Date(link.expiresAt).getTime() <= now) || (link.maxClicks !== null && used >= link.maxClicks);
  if (ranOut) return 'expired';
  return link.startsAt && new Date(link.startsAt).getTime() > now ? 'scheduled' : 'active';
}

function iso(d: Date | string): string {
  return new Date(d).toISOString();
}
