// Migration 0041 (privacy choices, live clicks, orphan visits, notification channels) on a populated
// database of the previous schema: every workspace, click and webhook is kept as it was; workspaces
// take the instance's privacy defaults (nulls), clicks carry no recorded mode, webhooks stay signed
// webhooks; afterwards the new tables take rows and a domain's deletion removes its orphan counts.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SYSTEM_WORKSPACE_ID } from '../../../db/schema';
import { shippedMigrationCount } from '../../../lib/db/migrate';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { migratePopulated } from '../../helpers/migrate-populated';

const PREVIOUS = 41; // migrations 0000–0040
const WORKSPACES = `SELECT id, name, slug, plan FROM workspaces ORDER BY id`;
const CLICKS = `SELECT link_id::int AS link_id, clicked_at, ip, visitor, country, device, bot FROM clicks ORDER BY link_id, clicked_at`;
const WEBHOOKS = `SELECT id, url, events, enabled FROM webhooks ORDER BY id`;

describe(`migration to privacy modes, live clicks, orphan visits and channels on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let result: Awaited<ReturnType<typeof migrate>>;

  const migrate = () =>
    migratePopulated(tdb, PREVIOUS, {
      async before(db, domainId) {
        await db.query(`INSERT INTO workspaces (id, name, slug, plan) SELECT 'ws' || n, 'Team ' || n, 'team-' || n, 'pro' FROM generate_series(1, 30) AS n`);
        await db.query(
          `INSERT INTO links (workspace_id, domain_id, short_code, long_url)
           SELECT 'ws' || (n % 30 + 1), $1, 'p' || n, 'https://example.com/' || n FROM generate_series(1, 100) AS n`,
          [domainId],
        );
        await db.query(
          `INSERT INTO clicks (link_id, clicked_at, ip, visitor, country, device, bot)
           SELECT l.id, now() - (n || ' minutes')::interval, '203.0.113.' || (n % 250), 'v' || n, 'FR', 'mobile', n % 9 = 0
           FROM generate_series(1, 2000) AS n JOIN links l ON l.short_code = 'p' || (n % 100 + 1)`,
        );
        await db.query(
          `INSERT INTO webhooks (id, workspace_id, url, events) SELECT 'wh' || n, 'ws' || n, 'https://hooks.example.com/' || n, ARRAY['link.created'] FROM generate_series(1, 10) AS n`,
        );
        return { workspaces: await db.query(WORKSPACES), clicks: await db.query(CLICKS), webhooks: await db.query(WEBHOOKS) };
      },
      async after(db, domainId) {
        const privacy = await db.query<Record<string, unknown>>(
          `SELECT DISTINCT privacy_ip, privacy_user_agent, privacy_referrer, privacy_honor_opt_out, privacy_excluded_ranges,
                  click_retention_days, log_orphan_visits, live_until FROM workspaces`,
        );
        const modes = await db.query<{ privacy: string | null }>(`SELECT DISTINCT privacy FROM clicks`);
        const kinds = await db.query<{ kind: string }>(`SELECT DISTINCT kind FROM webhooks`);
        await db.query(`INSERT INTO live_click_batches (workspace_id, clicks, events) VALUES ($1, 1, '[]')`, [SYSTEM_WORKSPACE_ID]);
        await db.query(`INSERT INTO domains (hostname, workspace_id, status) VALUES ('gone.example', 'ws1', 'verified')`);
        const [gone] = await db.query<{ id: number }>(`SELECT id FROM domains WHERE hostname = 'gone.example'`);
        await db.query(
          `INSERT INTO orphan_visit_counts (domain_id, day, kind, path, visits) VALUES ($1, current_date, 'code', 'spring', 3), ($2, current_date, 'root', '', 1)`,
          [gone.id, domainId],
        );
        await db.query(`INSERT INTO orphan_visits (domain_id, visited_at, kind, path) VALUES ($1, now(), 'code', 'spring')`, [gone.id]);
        await db.query(`DELETE FROM domains WHERE id = $1`, [gone.id]);
        const counts = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orphan_visit_counts`);
        const visits = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orphan_visits`);
        const live = await db.query<{ seq: number }>(`SELECT seq::int AS seq FROM live_click_batches`);
        return {
          workspaces: await db.query(WORKSPACES),
          clicks: await db.query(CLICKS),
          webhooks: await db.query(WEBHOOKS),
          privacy,
          modes: modes.map((m) => m.privacy),
          kinds: kinds.map((k) => k.kind),
          counts: counts[0]?.n,
          visits: visits[0]?.n,
          live: live.map((l) => l.seq),
        };
      },
    });

  beforeAll(async () => {
    tdb = await suiteDatabase.empty();
    result = await migrate();
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  test('every workspace, click and webhook is kept; the new choices start at the defaults; the new tables work', () => {
    const { before, after, applied } = result;
    expect(applied).toBe(shippedMigrationCount());
    expect(after.clicks).toHaveLength(2000);
    expect(after.clicks).toEqual(before.clicks);
    expect(after.workspaces).toEqual(before.workspaces);
    expect(after.webhooks).toEqual(before.webhooks);
    expect(after.privacy).toEqual([
      {
        privacy_ip: null,
        privacy_user_agent: null,
        privacy_referrer: null,
        privacy_honor_opt_out: null,
        privacy_excluded_ranges: [],
        click_retention_days: null,
        log_orphan_visits: false,
        live_until: null,
      },
    ]);
    expect(after.modes).toEqual([null]);
    expect(after.kinds).toEqual(['webhook']);
    expect(after.counts).toBe(1);
    expect(after.visits).toBe(0);
    expect(after.live).toEqual([1]);
  });
});
