// Stores what the orphan tally gathered (orphan-tally.ts): the counts in one upsert, then, for the
// domains whose workspace keeps each orphan visit (workspaces.log_orphan_visits), those visits with
// their country, device and browser (the IP is looked up, never stored). docs/guide/orphan-visits.md
import type { Queryable } from '../db/types';
import { MAX_PATHS_PER_DAY, OTHER_PATH } from './orphan-path';
import type { OrphanCount, PendingOrphanVisit } from './orphan-tally';

// A domain gone since the visit is skipped (the join); a day that already has MAX_PATHS_PER_DAY
// distinct paths (other instances', or before a restart) takes new ones as "(other)".
const UPSERT_COUNTS = `
WITH i AS (
  SELECT * FROM unnest($1::int[], $2::date[], $3::text[], $4::text[], $5::int[]) AS t(domain_id, day, kind, path, visits)
  WHERE EXISTS (SELECT 1 FROM domains d WHERE d.id = t.domain_id)
), held AS (
  SELECT c.domain_id, c.day, count(*) AS n FROM orphan_visit_counts c
  JOIN (SELECT DISTINCT domain_id, day FROM i) k ON k.domain_id = c.domain_id AND k.day = c.day
  GROUP BY c.domain_id, c.day
)
INSERT INTO orphan_visit_counts AS o (domain_id, day, kind, path, visits)
SELECT i.domain_id, i.day, i.kind,
  CASE WHEN coalesce(held.n, 0) < $6
    OR EXISTS (SELECT 1 FROM orphan_visit_counts c WHERE c.domain_id = i.domain_id AND c.day = i.day AND c.kind = i.kind AND c.path = i.path)
  THEN i.path ELSE $7 END AS p,
  sum(i.visits)
FROM i LEFT JOIN held ON held.domain_id = i.domain_id AND held.day = i.day
GROUP BY i.domain_id, i.day, i.kind, p
ON CONFLICT (domain_id, day, kind, path) DO UPDATE SET visits = o.visits + excluded.visits`;

const KEEPING = `
SELECT d.id FROM domains d JOIN workspaces w ON w.id = d.workspace_id
WHERE d.id = ANY($1::int[]) AND w.log_orphan_visits`;

const INSERT_VISITS = `
INSERT INTO orphan_visits (domain_id, visited_at, kind, path, referrer, user_agent, country, device, browser, bot)
SELECT * FROM unnest($1::int[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::bool[])
  AS v(domain_id, visited_at, kind, path, referrer, user_agent, country, device, browser, bot)
WHERE EXISTS (SELECT 1 FROM domains d WHERE d.id = v.domain_id)`;

const MAX_HEADER = 500;

/** What a kept visit is described with: lib/analytics's GeoIP reader (for the country) and user-agent parser. */
export interface OrphanEnrichment {
  geo: { loadFor(ips: Iterable<string>): Promise<void>; lookup(ip: string): { country: string | null } };
  agent: (userAgent: string | undefined) => { device: string; browser: string | null; bot: boolean };
}

// Loaded by server.ts when a visit is first kept: the edge's thread loads neither at start
// (tests/unit/main-thread-modules.test.ts), and this folder does not import analytics, which imports
// it for retention (tests/helpers/layers.ts: no loops).
export interface WriteOrphanVisitsOptions {
  enrichment: () => Promise<OrphanEnrichment>;
}

/** The writer the tally takes: answers the domains (of those counted) whose workspace keeps each visit. */
export function orphanVisitWriter(db: Queryable, opts: WriteOrphanVisitsOptions) {
  return async (counts: OrphanCount[], visits: PendingOrphanVisit[]): Promise<ReadonlySet<number>> => {
    await db.query(UPSERT_COUNTS, [
      counts.map((c) => c.domainId),
      counts.map((c) => c.day),
      counts.map((c) => c.kind),
      counts.map((c) => c.path),
      counts.map((c) => c.visits),
      MAX_PATHS_PER_DAY,
      OTHER_PATH,
    ]);
    const domainIds = [...new Set(counts.map((c) => c.domainId))];
    const rows = await db.query<{ id: number }>(KEEPING, [domainIds]);
    const keeping = new Set(rows.map((r) => Number(r.id)));
    const kept = visits.filter((v) => keeping.has(v.domainId));
    if (kept.length > 0) await insertVisits(db, kept, opts);
    return keeping;
  };
}

async function insertVisits(db: Queryable, visits: PendingOrphanVisit[], opts: WriteOrphanVisitsOptions): Promise<void> {
  const { geo, agent } = await opts.enrichment();
  await geo.loadFor(visits.map((v) => v.ip)).catch(() => {});
  const agents = visits.map((v) => agent(v.userAgent));
  await db.query(INSERT_VISITS, [
    visits.map((v) => v.domainId),
    visits.map((v) => new Date(v.at).toISOString()),
    visits.map((v) => v.kind),
    visits.map((v) => v.path),
    visits.map((v) => cut(v.referrer)),
    visits.map((v) => cut(v.userAgent)),
    visits.map((v) => geo.lookup(v.ip).country),
    agents.map((a) => a.device),
    agents.map((a) => a.browser),
    agents.map((a) => a.bot),
  ]);
}

function cut(header: string | undefined): string | null {
  return header ? header.slice(0, MAX_HEADER) : null;
}
