// After an import: every link still redirecting (active, or pending review) whose destination is
// now listed becomes blocked, with link.updated carrying the reason, and leaves every cache.
import type { AppContext } from '../context/app-context';
import { currentThreatList } from '../safety/current-threat-list';
import { listedReason } from '../safety/scan-destination';
import { setLinkSafety } from './set-link-safety';

const PAGE = 2_000;

/** Returns the number of links blocked. */
export async function blockListedLinks(ctx: AppContext): Promise<number> {
  const list = await currentThreatList(ctx.handle);
  let blocked = 0;
  let lastId = 0;
  for (;;) {
    const page = await ctx.handle.query<{ id: number | string; long_url: string }>(
      `SELECT id, long_url FROM links WHERE id > $1 AND status IN ('active', 'pending_review') ORDER BY id LIMIT $2`,
      [lastId, PAGE],
    );
    for (const row of page) {
      const hit = list.match(row.long_url);
      if (hit && (await setLinkSafety(Number(row.id), { status: 'blocked', reason: listedReason(hit) }, ctx))) blocked++;
    }
    if (page.length < PAGE) return blocked;
    lastId = Number(page[page.length - 1].id);
  }
}
