// The click writer's part of live click streams (docs/guide/live-clicks.md): the clicks of a batch
// whose workspace has a stream open (workspaces.live_until not passed, read by the batch's live-link
// check) are kept in live_click_batches, one row per workspace and batch, in the batch's transaction,
// without the address, the user agent or the visitor key; streams read them there
// (lib/analytics/live-feed.ts). Rows older than LIVE_KEEP_MINUTES are pruned now and then. Nobody
// watching: nothing is written and nothing is pruned.
import { EVENTS_PER_BATCH, encodeLiveBatch, type LiveClickFacts } from '../analytics/live-batch';
import type { EnrichedClick } from '../analytics/enrich-click';
import type { Queryable } from '../db/types';

/** How long rows are kept: a reconnect with Last-Event-ID within this (at least 5 minutes) misses nothing. */
export const LIVE_KEEP_MINUTES = 10;
const PRUNE_EVERY_MS = 60_000;

/** One multi-row insert, rows in parameter order, so their seqs follow it. */
export const INSERT_LIVE_BATCHES = `
INSERT INTO live_click_batches (workspace_id, clicks, events)
SELECT b.workspace_id, b.clicks, b.events FROM unnest($1::text[], $2::int[], $3::text[]) WITH ORDINALITY AS b(workspace_id, clicks, events, i) ORDER BY b.i`;

const PRUNE = `DELETE FROM live_click_batches WHERE recorded_at < now() - interval '${LIVE_KEEP_MINUTES} minutes'`;

/** What the writer's live-link check read of a link whose workspace is watched. */
export interface StreamedLink {
  workspaceId: string;
  domainId: number;
  shortCode: string;
  tags: readonly string[];
}

/** INSERT_LIVE_BATCHES's parameters for the clicks of `streamed` links, or undefined when there are none. */
export function liveCopyParams(kept: readonly EnrichedClick[], streamed: ReadonlyMap<number, StreamedLink>): unknown[] | undefined {
  if (streamed.size === 0) return undefined;
  const byWorkspace = new Map<string, LiveClickFacts[]>();
  // Oldest first, so event ids follow the clicks' times.
  for (const c of kept.filter((k) => streamed.has(k.linkId)).sort((a, b) => a.at - b.at)) {
    const link = streamed.get(c.linkId)!;
    let facts = byWorkspace.get(link.workspaceId);
    if (!facts) byWorkspace.set(link.workspaceId, (facts = []));
    facts.push({
      linkId: c.linkId,
      domainId: link.domainId,
      shortCode: link.shortCode,
      tags: link.tags,
      at: c.at,
      country: c.country,
      region: c.region,
      city: c.city,
      device: c.device,
      browser: c.browser,
      os: c.os,
      referrerHost: c.referrerHost,
      trigger: c.trigger,
      rule: c.rule,
      variant: c.variant,
      bot: c.bot,
    });
  }
  const workspaces: string[] = [];
  const counts: number[] = [];
  const events: string[] = [];
  for (const [workspaceId, facts] of byWorkspace) {
    for (let i = 0; i < facts.length; i += EVENTS_PER_BATCH - 1) {
      const part = facts.slice(i, i + EVENTS_PER_BATCH - 1);
      workspaces.push(workspaceId);
      counts.push(part.length);
      events.push(encodeLiveBatch(part));
    }
  }
  return workspaces.length === 0 ? undefined : [workspaces, counts, events];
}

/** Deletes old rows at most once a minute, after a batch that wrote some; a failure waits for the next. */
export function livePruner(now: () => number = Date.now): (db: Queryable) => Promise<void> {
  let last = 0;
  return async (db) => {
    if (now() - last < PRUNE_EVERY_MS) return;
    last = now();
    await db.query(PRUNE).catch(() => {});
  };
}
