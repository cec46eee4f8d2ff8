// Every GET redirect is a stored, enriched and counted click, also when SIGTERM arrives right after a
// burst (the click writer's thread finishes its batches and held counts first); HEAD is not counted.
// A built server process over HTTP: its handling of SIGTERM and its exit status are the subject.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../../../lib/db/open-database';
import { altchaPayload } from '../../helpers/altcha';
import { apiClient, overHttp } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startSling } from '../../helpers/sling-process';

/**
 * Visits in the burst: enough that clicks are still held (in the edge's buffer and the click writer's
 * batches) when SIGTERM comes right after it (the flush interval is a second).
 */
const BURST = 1000;

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** Fires `count` GETs over `concurrency` keep-alive connections; resolves with the statuses. */
function burst(url: string, count: number, concurrency: number, headers: Record<string, string>): Promise<number[]> {
  const statuses: number[] = [];
  let started = 0;
  const one = (): Promise<void> =>
    new Promise((resolve, reject) => {
      request(url, { headers }, (res) => {
        statuses.push(res.statusCode!);
        res.resume();
        res.on('end', resolve);
      })
        .on('error', reject)
        .end();
    });
  const worker = async () => {
    while (started < count) {
      started++;
      await one();
    }
  };
  return Promise.all(Array.from({ length: concurrency }, worker)).then(() => statuses);
}

describe(`click recording on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await makeDb();
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  test('SIGTERM right after a burst: exit 0 and every click stored; HEAD stored flagged, not counted', async () => {
    // A long flush interval: nothing is written before the shutdown flush.
    const sling = await startSling({ ...tdb.env, CLICK_FLUSH_MS: '1000', ANON_LINKS_PER_MINUTE: '100' });
    let code: string;
    try {
      const res = await apiClient(overHttp(sling.url)).call('shortenAnonymously', {
        body: { url: 'https://example.com/burst', altcha: await altchaPayload(sling.url) },
      });
      code = res.json.short_code;
      for (let i = 0; i < 5; i++) {
        expect((await fetch(`${sling.url}/${code}`, { method: 'HEAD', redirect: 'manual' })).status).toBe(302);
      }
      const statuses = await burst(`${sling.url}/${code}?from=burst`, BURST, 20, {
        'user-agent': BROWSER,
        referer: 'https://news.example/post',
      });
      expect(statuses.filter((s) => s === 302)).toHaveLength(BURST);
    } finally {
      expect(await sling.stop('SIGTERM')).toBe(0);
    }
    expect(sling.output()).not.toMatch(/could not be written/);

    const handle = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
    try {
      const [link] = await handle.query<{ id: number; clicks: number }>('SELECT id, clicks FROM links WHERE short_code = $1', [code!]);
      expect(Number(link.clicks)).toBe(BURST);
      const rows = await handle.query<{
        n: number;
        heads: number;
        agents: number;
        ref: string;
        ip: string | null;
        visitors: number;
        browser: string;
        os: string;
      }>(
        `SELECT count(*) FILTER (WHERE NOT bot)::int AS n, count(*) FILTER (WHERE bot)::int AS heads,
                count(DISTINCT user_agent) FILTER (WHERE NOT bot)::int AS agents, min(referrer) AS ref, min(ip) AS ip,
                count(DISTINCT visitor) FILTER (WHERE NOT bot)::int AS visitors,
                min(browser) FILTER (WHERE NOT bot) AS browser, min(os) FILTER (WHERE NOT bot) AS os
         FROM clicks WHERE link_id = $1`,
        [link.id],
      );
      // HEAD requests are kept, flagged, and not counted; raw addresses are not stored by default;
      // every click enriched (in the click writer's thread) and counted in the rollups too.
      expect(rows[0]).toEqual({ n: BURST, heads: 5, agents: 1, ref: 'https://news.example/post', ip: null, visitors: 1, browser: 'Chrome', os: 'Linux' });
      const [rolled] = await handle.query<{ n: number }>(`SELECT sum(clicks)::int AS n FROM click_rollups WHERE link_id = $1 AND dim = ''`, [link.id]);
      expect(rolled.n).toBe(BURST);
    } finally {
      await handle.close();
    }
  });
});
