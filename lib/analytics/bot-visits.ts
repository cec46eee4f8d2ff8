// Bots and link-preview fetchers beside the clicks (docs/guide/analytics.md, "Bots and link
// previews"): their visits in a statistics range, how many of them count as clicks (their link has
// count_bots), and the top agents by name. Bots are in no rollup, so this reads the raw clicks over
// clicks_link_time_idx, grouped by stored agent in SQL (a bounded number of rows) and named in JS.
import type { Queryable } from '../db/types';
import { botName, OTHER_BOTS } from './bot-name';

export interface BotVisits {
  /** Bot, preview-fetcher and HEAD visits in the range. */
  bots: number;
  /** Of them, those counted as clicks (links that count bots, count_bots). */
  bots_counted: number;
  /** The agents by name, most visits first. */
  bot_agents: Array<{ name: string; visits: number }>;
}

/** Distinct stored agents read; visits of the rarer ones are summed into "Other bots". */
const AGENTS_READ = 500;

export interface BotVisitsSql {
  /** The raw clicks of the scope, filters applied, bots or not. */
  visits: string;
  /** The scope's links that count bots, as a condition on clicks. */
  counted: string;
  /** The range's whole hours on clicked_at. */
  hours: string;
  params: unknown[];
}

export async function getBotVisits(db: Queryable, sql: BotVisitsSql): Promise<BotVisits> {
  const rows = await db.query<{ user_agent: string | null; n: number; total: number; counted: number }>(
    `SELECT user_agent, count(*)::bigint AS n, sum(count(*)) OVER ()::bigint AS total,
            sum(count(*) FILTER (WHERE ${sql.counted})) OVER ()::bigint AS counted
     FROM clicks WHERE ${sql.visits} AND bot AND ${sql.hours}
     GROUP BY user_agent ORDER BY n DESC, user_agent LIMIT ${AGENTS_READ}`,
    sql.params,
  );
  const bots = Number(rows[0]?.total ?? 0);
  const byName = new Map<string, number>();
  for (const r of rows) {
    const name = botName(r.user_agent);
    byName.set(name, (byName.get(name) ?? 0) + Number(r.n));
  }
  const read = rows.reduce((sum, r) => sum + Number(r.n), 0);
  if (bots > read) byName.set(OTHER_BOTS, (byName.get(OTHER_BOTS) ?? 0) + bots - read);
  const bot_agents = [...byName]
    .map(([name, visits]) => ({ name, visits }))
    // "Other bots" last whatever its size: it is what is left, not an agent.
    .sort((a, b) => Number(a.name === OTHER_BOTS) - Number(b.name === OTHER_BOTS) || b.visits - a.visits || a.name.localeCompare(b.name));
  return { bots, bots_counted: Number(rows[0]?.counted ?? 0), bot_agents };
}
