// The feed import job (issue 18, point 2): reads every configured feed, appends new entries to
// the threat lists, tells every instance to catch up, then blocks existing links that now match.
// A feed that cannot be read is logged and skipped; the job fails (and is retried) only when none
// could be read.
import { logger } from '../core/logger';
import type { AppContext } from '../context/app-context';
import { blockListedLinks } from './block-listed-links';
import { announceThreatListChange } from '../safety/current-threat-list';
import { parseFeed } from '../safety/feeds/parse-feed';
import { feedName, readFeed } from '../safety/feeds/read-feed';
import { storeEntries } from '../safety/feeds/store-entries';

export interface FeedReport {
  feed: string;
  urls?: number;
  hosts?: number;
  added?: number;
  error?: string;
}

export interface ImportReport {
  feeds: FeedReport[];
  blocked: number;
}

export async function importFeeds(feeds: string[], ctx: AppContext): Promise<ImportReport> {
  const reports: FeedReport[] = [];
  let added = 0;
  for (const feed of feeds) {
    try {
      const entries = await parseFeed(await readFeed(feed));
      const source = feedName(feed);
      const n = (await storeEntries(ctx.handle, 'url', entries.urls, source)) + (await storeEntries(ctx.handle, 'host', entries.hosts, source));
      added += n;
      reports.push({ feed: source, urls: entries.urls.length, hosts: entries.hosts.length, added: n });
    } catch (err) {
      logger().warn({ err, feed }, 'threat feed not imported');
      reports.push({ feed: feedName(feed), error: err instanceof Error ? err.message : String(err) });
    }
  }
  if (feeds.length > 0 && reports.every((r) => r.error !== undefined)) {
    throw new Error(`no threat feed could be read: ${reports.map((r) => `${r.feed}: ${r.error}`).join('; ')}`);
  }
  if (added > 0) announceThreatListChange();
  // Even with nothing new: links made while a previous run was between its insert and this check.
  const blocked = await blockListedLinks(ctx);
  logger().info({ feeds: reports, blocked }, 'threat feeds imported');
  return { feeds: reports, blocked };
}
