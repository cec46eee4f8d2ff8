// Exporting a million clicks streams with bounded memory: the server's resident memory is sampled
// while the whole CSV is read, and may grow only a little. It stays on a server process over HTTP:
// the memory measured is that process's alone, apart from the test reading the stream.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../../../lib/db/open-database';
import { createUserWithToken } from '../../helpers/accounts';
import { apiClient, overHttp, type ApiClient } from '../../helpers/api-client';
import { createPostgresDatabase, type TestDatabase } from '../../helpers/databases';
import { pgUrl } from '../../helpers/services';
import { startSling, type SlingProcess } from '../../helpers/sling-process';

const ROWS = Number(process.env.EXPORT_ROWS ?? 1_000_000);
const pg = pgUrl();

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.replace(/\D+/g, '')) / 1024;
}

describe.skipIf(!pg)('export of 1,000,000 clicks', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let api: ApiClient;
  let linkId: number;

  beforeAll(async () => {
    tdb = await createPostgresDatabase(pg!);
    const token = await createUserWithToken(tdb.env, 'big@example.com', 'business');
    sling = await startSling(tdb.env, ['--role', 'app']);
    api = apiClient(overHttp(sling.url), { token });
    const link = (await api.call('apiPhpCreate', { body: { url: 'https://example.com/popular', alias: 'popular' } })).json;
    linkId = link.id;
    const db = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
    try {
      await db.query(
        `INSERT INTO clicks (link_id, clicked_at, referrer, user_agent, visitor, country, region, city, device, browser, os, referrer_host)
         SELECT $1, now() - (i || ' seconds')::interval, 'https://news.example/item?id=' || (i % 1000), 'Mozilla/5.0 agent ' || (i % 50),
                md5(i::text), 'US', 'California', 'Mountain View', 'mobile', 'Mobile Safari', 'iOS', 'news.example'
         FROM generate_series(1, $2) AS i`,
        [linkId, ROWS],
      );
    } finally {
      await db.close();
    }
  }, 180_000);
  afterAll(async () => {
    await sling?.stop();
    await tdb?.drop();
  });

  test('the CSV streams every row while the server stays within a small memory budget', async () => {
    const pid = sling.child.pid!;
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 25);
    let lines = 0;
    let bytes = 0;
    try {
      // The raw Response (api.fetch), read as a stream: the client's call() would hold the whole body.
      const res = await api.fetch(`/api/v1/links/${linkId}/clicks/export?format=csv`);
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.length;
        for (const byte of value) if (byte === 10) lines++;
      }
    } finally {
      clearInterval(sampler);
    }
    expect(lines).toBe(ROWS + 1);
    console.log(
      `export: ${ROWS.toLocaleString('en')} rows, ${(bytes / 1e6).toFixed(0)} MB streamed; server RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB`,
    );
    // Holding the rows would take hundreds of MB; streaming keeps the growth to GC slack.
    expect(peak - before).toBeLessThan(64);
    expect(bytes).toBeGreaterThan(ROWS * 100);
  }, 300_000);
});
