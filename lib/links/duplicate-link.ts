// A copy of a link under a new random code: the same destination (with its UTM values), domain,
// tags, note, folder, rules, expiration (when still ahead) and click limit; not its password, clicks or archive.
import type { LinkRow, Plan } from '../../db/schema';
import { createLink } from './create-link';
import { storedRules } from '../link-rules/rule-schema';
import { storedAbTest, type StoredAbTest, type TAbTest } from '../link-rules/ab-test-schema';
import type { AppContext } from '../context/app-context';
import { processClock } from '../core/clock';

export interface DuplicateLinkOptions {
  workspaceId: string;
  createdBy: string | null;
  plan?: Plan;
  clientIp?: string;
}

export async function duplicateLink(source: LinkRow, who: DuplicateLinkOptions, ctx: AppContext): Promise<LinkRow> {
  const expiresAt = source.expiresAt && new Date(source.expiresAt).getTime() > processClock().nowMs() ? new Date(source.expiresAt) : null;
  return createLink(
    {
      url: source.longUrl,
      domainId: source.domainId,
      workspaceId: who.workspaceId,
      createdBy: who.createdBy,
      plan: who.plan,
      clientIp: who.clientIp,
      expiresAt,
      maxClicks: source.maxClicks,
      forwardQuery: source.forwardQuery,
      countBots: source.countBots,
      startsAt: source.startsAt && new Date(source.startsAt).getTime() > processClock().nowMs() ? new Date(source.startsAt) : null,
      expiredUrl: source.expiredUrl,
      platforms: { iosUrl: source.iosUrl, iosFallbackUrl: source.iosFallbackUrl, androidUrl: source.androidUrl, androidFallbackUrl: source.androidFallbackUrl },
      rules: storedRules(source.rules),
      abTest: abTestInput(storedAbTest(source.abTest)),
      tags: source.tags,
      note: source.note,
      folderId: source.folderId ?? undefined,
    },
    ctx,
  );
}

/** A running test is copied (started afresh on the copy); an ended one is not: its winner is the url. */
function abTestInput(test: StoredAbTest | null): TAbTest | undefined {
  if (test === null || test.ended_at !== null) return undefined;
  return { variants: test.variants, ends_at: test.ends_at, end_after_clicks: test.end_after_clicks, winner_by: test.winner_by };
}
