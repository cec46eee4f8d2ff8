// Migration 0033 (routing rules) on a populated database of the previous schema: every link is kept
// as it was and has no rules (it goes where it always did), every click is kept and records no rule;
// a link made afterwards may carry rules, a click the rule that chose.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SYSTEM_WORKSPACE_ID } from '../../../db/schema';
import { shippedMigrationCount } from '../../../lib/db/migrate';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { migratePopulated } from '../../helpers/migrate-populated';

const PREVIOUS = 33; // migrations 0000–0032: no rules
const RULES = [{ id: 'r1', conditions: [{ type: 'bot' }], url: 'https://example.com/bots' }];
const LINKS = `SELECT short_code, long_url, clicks::int AS clicks, forward_query FROM links ORDER BY id`;

describe(`migration to routing rules on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let result: Awaited<ReturnType<typeof migrate>>;

  const migrate = () =>
    migratePopulated(tdb, PREVIOUS, {
      async before(db, domainId) {
        await db.query(
          `INSERT INTO links (workspace_id, domain_id, short_code, long_url, clicks, forward_query)
           SELECT $1, $2, 'c' || n, 'https://example.com/' || n, n, n % 7 <> 0 FROM generate_series(1, 300) AS n`,
          [SYSTEM_WORKSPACE_ID, domainId],
        );
        await db.query(`INSERT INTO clicks (link_id, clicked_at, country) SELECT id, now(), 'US' FROM links, generate_series(1, 3)`);
        return { links: await db.query(LINKS), clicks: (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM clicks'))[0].n };
      },
      async after(db, domainId) {
        const links = await db.query<Record<string, unknown>>(
          `SELECT short_code, long_url, clicks::int AS clicks, forward_query, rules FROM links ORDER BY id`,
        );
        const clicks = await db.query(`SELECT count(*)::int AS n, count(rule_id)::int AS with_rule FROM clicks`);
        const [link] = await db.query<{ id: number; rules: unknown }>(
          `INSERT INTO links (workspace_id, domain_id, short_code, long_url, rules) VALUES ($1, $2, 'new', 'https://example.com/new', $3::jsonb) RETURNING id, rules`,
          [SYSTEM_WORKSPACE_ID, domainId, JSON.stringify(RULES)],
        );
        const [click] = await db.query<{ rule_id: string }>(`INSERT INTO clicks (link_id, clicked_at, rule_id) VALUES ($1, now(), 'r1') RETURNING rule_id`, [
          link.id,
        ]);
        return { links, clicks, made: { rules: link.rules, rule_id: click.rule_id } };
      },
    });

  beforeAll(async () => {
    tdb = await suiteDatabase.empty();
    result = await migrate();
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  test('every link and click is kept; none has rules; new ones may', () => {
    const { before, after, applied } = result;
    expect(applied).toBe(shippedMigrationCount());
    expect(after.links).toHaveLength(300);
    expect(after.links.map(({ rules: _, ...row }) => row)).toEqual(before.links);
    expect(after.links.every((r) => Array.isArray(r.rules) && r.rules.length === 0)).toBe(true);
    expect(after.clicks).toEqual([{ n: before.clicks, with_rule: 0 }]);
    expect(after.made).toEqual({ rules: RULES, rule_id: 'r1' });
  });
});
