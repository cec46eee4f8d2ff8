// Migration 0033 (routing rules) on a populated database of the previous schema: every link is kept
// as it was and has no rules (it goes where it always did), every click is kept and records no rule;
// a link made afterwards may carry rules, a click the rule that chose.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SYSTEM_WORKSPACE_ID } from '../../../db/schema';
import { applyMigrations, shippedMigrationCount } from '../../../lib/db/migrate';
import { openDatabase } from '../../../lib/db/open-database';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { migrationsUpTo } from '../../helpers/migrations-up-to';

const PREVIOUS = 33; // migrations 0000–0032: no rules

type Row = { short_code: string; long_url: string; clicks: number; forward_query: boolean };

describe(`migration to routing rules on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.empty;
  let tdb: TestDatabase;
  let applied: number;
  let before: { links: Row[]; clicks: number };
  let after: { links: Array<Row & { rules: unknown }>; clicks: Array<{ n: number; with_rule: number }> };
  let made: { rules: unknown; rule_id: string };

  beforeAll(async () => {
    tdb = await makeDb();
    const open = () => openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 2 });
    let db = await open();
    await applyMigrations(db, tdb.databaseUrl, migrationsUpTo(PREVIOUS));
    const [{ id: domainId }] = await db.query<{ id: number }>(
      `INSERT INTO domains (hostname, is_default, workspace_id) VALUES ('sho.rt', true, $1) RETURNING id`,
      [SYSTEM_WORKSPACE_ID],
    );
    await db.query(
      `INSERT INTO links (workspace_id, domain_id, short_code, long_url, clicks, forward_query)
       SELECT $1, $2, 'c' || n, 'https://example.com/' || n, n, n % 7 <> 0 FROM generate_series(1, 300) AS n`,
      [SYSTEM_WORKSPACE_ID, domainId],
    );
    await db.query(`INSERT INTO clicks (link_id, clicked_at, country) SELECT id, now(), 'US' FROM links, generate_series(1, 3)`);
    const read = `SELECT short_code, long_url, clicks::int AS clicks, forward_query FROM links ORDER BY id`;
    before = { links: await db.query(read), clicks: (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM clicks'))[0].n };
    await db.close();
    db = await open();
    await applyMigrations(db, tdb.databaseUrl);
    applied = Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`))[0].n);
    after = {
      links: await db.query(`SELECT short_code, long_url, clicks::int AS clicks, forward_query, rules FROM links ORDER BY id`),
      clicks: await db.query(`SELECT count(*)::int AS n, count(rule_id)::int AS with_rule FROM clicks`),
    };
    const rules = [{ id: 'r1', conditions: [{ type: 'bot' }], url: 'https://example.com/bots' }];
    const [link] = await db.query<{ id: number; rules: unknown }>(
      `INSERT INTO links (workspace_id, domain_id, short_code, long_url, rules) VALUES ($1, $2, 'new', 'https://example.com/new', $3::jsonb) RETURNING id, rules`,
      [SYSTEM_WORKSPACE_ID, domainId, JSON.stringify(rules)],
    );
    const [click] = await db.query<{ rule_id: string }>(`INSERT INTO clicks (link_id, clicked_at, rule_id) VALUES ($1, now(), 'r1') RETURNING rule_id`, [
      link.id,
    ]);
    made = { rules: link.rules, rule_id: click.rule_id };
    await db.close();
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  test('every link and click is kept; none has rules; new ones may', () => {
    expect(applied).toBe(shippedMigrationCount());
    expect(after.links).toHaveLength(300);
    expect(after.links.map(({ rules: _, ...row }) => row)).toEqual(before.links);
    expect(after.links.every((r) => Array.isArray(r.rules) && r.rules.length === 0)).toBe(true);
    expect(after.clicks).toEqual([{ n: before.clicks, with_rule: 0 }]);
    expect(made).toEqual({ rules: [{ id: 'r1', conditions: [{ type: 'bot' }], url: 'https://example.com/bots' }], rule_id: 'r1' });
  });
});
