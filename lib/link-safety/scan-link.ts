// One link's deep scan: fetch its destination's redirect chain (fetch-chain.ts), check every hop
// against the threat lists and, when configured, Google Safe Browsing; record what was found
// (link_scans) and act on it: a listed hop blocks the link, a public destination that redirects into
// a private network holds it for review. Either happens only if the link still points where the
// scan started. A destination that is itself on a private network (an intranet link on a company's
// own instance) is recorded as not fetched and left as it is: there is nothing public to judge.
import { sql } from 'drizzle-orm';
import { linkScans, type LinkScanRow } from '../../db/schema';
import type { AppContext } from '../context/app-context';
import { logger } from '../core/logger';
import { currentThreatList } from '../safety/current-threat-list';
import { listedReason } from '../safety/scan-destination';
import { setLinkSafety } from './set-link-safety';
import { fetchChain, type ChainOptions, type ChainResult } from '../safety/deep-scan/fetch-chain';
import { lookupSafeBrowsing, type SafeBrowsingOptions } from '../safety/deep-scan/safe-browsing';

export interface DeepScanSettings extends ChainOptions {
  /** Asked about every hop when set (SAFE_BROWSING_API_KEY). */
  safeBrowsing?: SafeBrowsingOptions;
}

export type ScanStatus = 'clean' | 'listed' | 'unsafe_browsing' | 'private_address' | 'too_many_redirects' | 'unreachable';

export async function scanLink(link: { id: number; longUrl: string }, ctx: AppContext, settings: DeepScanSettings): Promise<LinkScanRow> {
  const chain = await fetchChain(link.longUrl, settings);
  const verdict = await judge(chain, ctx, settings);
  const values = {
    linkId: link.id,
    url: link.longUrl,
    status: verdict.status,
    finalUrl: chain.finalUrl,
    httpStatus: chain.httpStatus,
    title: chain.title,
    hops: chain.hops,
    detail: verdict.detail,
    durationMs: chain.durationMs,
    checkedAt: new Date(),
  };
  // The verdict first: whoever sees the scan recorded sees the link as it leaves it.
  if (verdict.status === 'listed' || verdict.status === 'unsafe_browsing') {
    await setLinkSafety(link.id, { status: 'blocked', reason: verdict.detail!, longUrl: link.longUrl }, ctx);
  } else if (verdict.status === 'private_address' && chain.hops.length > 1) {
    await setLinkSafety(link.id, { status: 'pending_review', reason: verdict.detail!, from: ['active'], longUrl: link.longUrl }, ctx);
  }
  const [row] = await ctx.handle.db
    .insert(linkScans)
    .values(values)
    .onConflictDoUpdate({ target: linkScans.linkId, set: { ...values, checkedAt: sql`now()` } })
    .returning();
  return row;
}

async function judge(chain: ChainResult, ctx: AppContext, settings: DeepScanSettings): Promise<{ status: ScanStatus; detail: string | null }> {
  const list = await currentThreatList(ctx.handle);
  for (const [i, hop] of chain.hops.entries()) {
    const hit = list.match(hop.url);
    if (!hit) continue;
    const detail = i === 0 ? listedReason(hit) : `The destination redirects to ${hop.url}, which is listed as malware or phishing by ${hit.source}.`;
    return { status: 'listed', detail };
  }
  if (settings.safeBrowsing) {
    try {
      const [match] = await lookupSafeBrowsing(
        chain.hops.map((h) => h.url),
        settings.safeBrowsing,
      );
      if (match) {
        const via = match.url === chain.hops[0].url ? 'The destination' : `The destination redirects to ${match.url}, which`;
        return { status: 'unsafe_browsing', detail: `${via} is listed by Google Safe Browsing as ${match.threatType}.` };
      }
    } catch (err) {
      // The local lists still apply; the scan is recorded with what they found.
      logger().warn({ err }, 'Safe Browsing lookup failed');
    }
  }
  switch (chain.outcome) {
    case 'ok':
      return { status: 'clean', detail: null };
    case 'private_address':
      return chain.hops.length > 1
        ? { status: 'private_address', detail: `The destination redirects into a private network, which is refused: ${chain.error}.` }
        : { status: 'private_address', detail: `The destination is on a private network, so it was not fetched: ${chain.error}.` };
    default:
      return { status: chain.outcome, detail: chain.error };
  }
}
