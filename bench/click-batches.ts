// `tsx bench/click-batches.ts`: CPU per click stored against the size of the batches the click
// writer is handed (docs/performance/2026-11-29-redirect-cpu.md). One process writes the same
// clicks (one link, a browser's agent) through write-clicks.ts in batches of each size in turn,
// rounds alternating, and reads its own CPU time (every thread: on PGlite the database's thread
// too). BENCH_DATABASE_URL=postgres://… uses a throw-away database on that server (its CPU not
// counted). BENCH_BATCHES (default 1000,5000), BENCH_CLICKS per round and size (default 40000),
// BENCH_ROUNDS (default 3).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClickEnricher } from '../lib/analytics/enrich-click';
import { openGeoIp } from '../lib/analytics/geoip';
import type { Click } from '../lib/analytics/click';
import { openDatabase } from '../lib/db/open-database';
import { clickWriter } from '../lib/edge/write-clicks';
import { createPostgresDatabase, pgliteDatabase, seedDatabase } from './bench-database';
import { median } from './median';

const BATCHES = (process.env.BENCH_BATCHES ?? '1000,5000').split(',').map(Number);
const CLICKS = Number(process.env.BENCH_CLICKS ?? 40_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function main() {
  const tmp = mkdtempSync(join(tmpdir(), 'sling-click-batches-'));
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const database = serverUrl ? await createPostgresDatabase(serverUrl, tmp) : pgliteDatabase(tmp);
  try {
    await seedDatabase(database, '127.0.0.1', [{ code: 'hot', url: 'https://example.com/landing/hot' }]);
    const handle = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    const [{ id }] = await handle.query<{ id: number }>("SELECT id FROM links WHERE short_code = 'hot'");
    const enrich = createClickEnricher({ secret: 'click-batches-bench', geo: openGeoIp(), storeIp: true });
    // As in the server: counts held over batches for up to 2 s, settled at the end of each run.
    const write = clickWriter(handle, enrich, { holdMs: 2_000 });
    const perClick = new Map<number, number[]>(BATCHES.map((b) => [b, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const size of BATCHES) {
        const start = process.cpuUsage();
        for (let sent = 0; sent < CLICKS; sent += size) {
          const at = Date.now();
          const batch: Click[] = Array.from({ length: Math.min(size, CLICKS - sent) }, (_, i) => ({
            linkId: Number(id),
            at: at + (i % 1000),
            referrer: undefined,
            userAgent: UA,
            ip: `10.0.${i % 200}.${i % 250}`,
            trigger: 'link',
          }));
          await write(batch);
        }
        await write.settle();
        const used = process.cpuUsage(start);
        const us = (used.user + used.system) / CLICKS;
        perClick.get(size)!.push(us);
        console.log(`round ${round} batches of ${String(size).padStart(5)}: ${us.toFixed(1)} µs of CPU per click stored`);
      }
    }
    console.log(
      `\n${database.label}, ${CLICKS} clicks per run, median of ${ROUNDS} (load average ${(await import('node:os'))
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}):`,
    );
    for (const [size, xs] of perClick) console.log(`  batches of ${String(size).padStart(5)}: ${median(xs).toFixed(1)} µs per click`);
    await handle.close();
  } finally {
    await database.drop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
