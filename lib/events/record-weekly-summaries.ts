// The weekly summary (job `events.weekly-summary`, Mondays 09:00 UTC): for each workspace with an
// enabled webhook or channel subscribed to `workspace.weekly_summary`, one event about the week that
// ended at Monday 00:00 UTC, read from the hourly click rollups (a few hundred rows per workspace).
// Its id is derived from the workspace and the week, so a run repeated or retried records nothing new.
import { createHash } from 'node:crypto';
import { events } from '../../db/schema';
import type { DbHandle } from '../db/types';

const DAY = 86_400_000;
const WEEK = 7 * DAY;
const TOP = 5;

/** The week (Monday 00:00 to Monday 00:00 UTC) that ended last before `now`. */
export function summaryWeek(now: Date): { from: Date; to: Date } {
  const midnight = Math.floor(now.getTime() / DAY) * DAY;
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const to = new Date(midnight - sinceMonday * DAY);
  return { from: new Date(to.getTime() - WEEK), to };
}

/** The event's id: one per workspace and week. */
export function weeklySummaryEventId(workspaceId: string, from: Date): string {
  return `evt_${createHash('md5').update(`workspace.weekly_summary:${workspaceId}:${from.toISOString()}`).digest('hex')}`;
}

const SUBSCRIBED = `
SELECT ws.id, ws.name,
  (SELECT count(*) FROM links l WHERE l.workspace_id = ws.id AND l.created_at >= $1::timestamptz AND l.created_at < $2::timestamptz)::int AS new_links
FROM workspaces ws
WHERE EXISTS (SELECT 1 FROM webhooks w WHERE w.workspace_id = ws.id AND w.enabled AND 'workspace.weekly_summary' = ANY(w.events)
  AND w.link_id IS NULL AND w.domain_id IS NULL)`;

// The totals of this week and the one before, and each week's top links and countries.
const TOTALS = `
SELECT r.workspace_id,
  coalesce(sum(r.clicks) FILTER (WHERE r.hour >= $2::timestamptz), 0)::int AS clicks,
  coalesce(sum(r.clicks) FILTER (WHERE r.hour < $2::timestamptz), 0)::int AS previous
FROM click_rollups r
WHERE r.workspace_id = ANY($1::text[]) AND r.dim = '' AND r.hour >= $2::timestamptz - interval '7 days' AND r.hour < $3::timestamptz
GROUP BY r.workspace_id`;

const TOP_LINKS = `
SELECT workspace_id, link_id, domain_id, short_code, clicks FROM (
  SELECT r.workspace_id, l.id AS link_id, l.domain_id, l.short_code, sum(r.clicks)::int AS clicks,
    row_number() OVER (PARTITION BY r.workspace_id ORDER BY sum(r.clicks) DESC, l.id) AS n
  FROM click_rollups r JOIN links l ON l.id = r.link_id
  WHERE r.workspace_id = ANY($1::text[]) AND r.dim = '' AND r.hour >= $2::timestamptz AND r.hour < $3::timestamptz
  GROUP BY r.workspace_id, l.id
) t WHERE n <= ${TOP} ORDER BY workspace_id, n`;

const TOP_COUNTRIES = `
SELECT workspace_id, value AS country, clicks FROM (
  SELECT r.workspace_id, r.value, sum(r.clicks)::int AS clicks,
    row_number() OVER (PARTITION BY r.workspace_id ORDER BY sum(r.clicks) DESC, r.value) AS n
  FROM click_rollups r
  WHERE r.workspace_id = ANY($1::text[]) AND r.dim = 'country' AND r.value <> '' AND r.hour >= $2::timestamptz AND r.hour < $3::timestamptz
  GROUP BY r.workspace_id, r.value
) t WHERE n <= ${TOP} ORDER BY workspace_id, n`;

/** What the summaries need of the application (the AppContext fits): the database and the domains, for short URLs. */
export interface SummaryDeps<D> {
  handle: DbHandle;
  domains: { readonly defaultDomain: D; byId(id: number): D | undefined; shortUrl(domain: D, code: string): string };
}

/** Records the summaries of the week before `now` not recorded yet; returns how many workspaces it covered. */
export async function recordWeeklySummaries<D>(ctx: SummaryDeps<D>, opts: { now: Date }): Promise<{ workspaces: number; recorded: number }> {
  const { from, to } = summaryWeek(opts.now);
  const [fromIso, toIso] = [from.toISOString(), to.toISOString()];
  const db = ctx.handle;
  const subscribed = await db.query<{ id: string; name: string; new_links: number }>(SUBSCRIBED, [fromIso, toIso]);
  if (subscribed.length === 0) return { workspaces: 0, recorded: 0 };
  const ids = subscribed.map((w) => w.id);
  const [totals, topLinks, topCountries] = await Promise.all([
    db.query<{ workspace_id: string; clicks: number; previous: number }>(TOTALS, [ids, fromIso, toIso]),
    db.query<{ workspace_id: string; link_id: number | string; domain_id: number; short_code: string; clicks: number }>(TOP_LINKS, [ids, fromIso, toIso]),
    db.query<{ workspace_id: string; country: string; clicks: number }>(TOP_COUNTRIES, [ids, fromIso, toIso]),
  ]);
  const shortUrl = (domainId: number, code: string) => ctx.domains.shortUrl(ctx.domains.byId(domainId) ?? ctx.domains.defaultDomain, code);
  const rows = subscribed.map((w) => {
    const total = totals.find((t) => t.workspace_id === w.id);
    return {
      id: weeklySummaryEventId(w.id, from),
      type: 'workspace.weekly_summary',
      workspaceId: w.id,
      occurredAt: opts.now,
      data: {
        workspace: { id: w.id, name: w.name },
        period: { from: fromIso, to: toIso },
        clicks: total?.clicks ?? 0,
        clicks_previous_week: total?.previous ?? 0,
        new_links: w.new_links,
        top_links: topLinks
          .filter((l) => l.workspace_id === w.id)
          .map((l) => ({ id: Number(l.link_id), short_url: shortUrl(l.domain_id, l.short_code), clicks: l.clicks })),
        top_countries: topCountries.filter((c) => c.workspace_id === w.id).map((c) => ({ country: c.country, clicks: c.clicks })),
      },
    };
  });
  const recorded = await db.db.insert(events).values(rows).onConflictDoNothing({ target: events.id }).returning({ id: events.id });
  return { workspaces: subscribed.length, recorded: recorded.length };
}
