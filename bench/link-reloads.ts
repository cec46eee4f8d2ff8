// `tsx bench/link-reloads.ts`: what a wave of stale links costs the edge's link cache, one query per
// code (the cache before batching) against one query per batch (lib/edge/link-cache.ts), on the
// same seeded database in this process. 10,000 links are loaded (the cold pass, 50 visits at a
// time), then every one is visited again past its TTL at about 3,000 visits/s, as the random
// scenario does a minute after its cold pass: each visit is answered from the stale entry and the
// reloads go to the database. Prints the queries per wave and the CPU per reloaded link, the main
// thread's (the edge's; on PostgreSQL the pg client's work is there) and the whole process's (PGlite
// runs in a worker thread), alternating the two caches over BENCH_ROUNDS (default 3) rounds.
// PGlite (unless BENCH_SKIP_PGLITE=1); PostgreSQL too with BENCH_DATABASE_URL.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresDatabase, pgliteDatabase, seedDatabase, type BenchDatabase, type SeedLink } from './bench-database';
import { processCpuSeconds, threadCpuSeconds } from './cpu-usage';
import { linkKey } from '../lib/cache/invalidation-bus';
import { openDatabase } from '../lib/db/open-database';
import { loadDomainRegistry } from '../lib/domains/domain-registry';
import { LinkCache } from '../lib/edge/link-cache';
import { edgeLinkLoader, edgeLinksLoader, type LinkRequest } from '../lib/previews/edge-preview';
import { median } from './median';

const LINKS = Number(process.env.LINKS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TTL = 60_000;
const SEED: SeedLink[] = Array.from({ length: LINKS }, (_, i) => ({
  code: `r${String(i).padStart(5, '0')}`,
  url: `https://example.com/articles/${i}?id=${i}`,
}));
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function measure(target: BenchDatabase) {
  await seedDatabase(target, '127.0.0.1', SEED);
  const handle = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, maxConnections: 10 });
  try {
    const registry = await loadDomainRegistry(handle, { baseUrl: 'http://127.0.0.1', baseHost: '127.0.0.1', linkHost: '127.0.0.1' });
    const domain = { id: registry.defaultDomain.id };
    const one = edgeLinkLoader(handle.db, () => registry);
    const many = edgeLinksLoader(handle.db, () => registry);
    const codes = SEED.map((s) => s.code).sort(() => Math.random() - 0.5);
    const variants = {
      'one query per code': () => {
        const counted = { queries: 0, answered: 0 };
        const load = async (d: number, c: string) => (counted.queries++, await one(d, c).finally(() => counted.answered++));
        return { counted, cache: new LinkCache({ maxEntries: 20_000, maxBytes: 64 << 20, ttlMs: TTL, load }) };
      },
      'one query per batch': () => {
        const counted = { queries: 0, answered: 0 };
        const loadMany = async (r: readonly LinkRequest[]) => (counted.queries++, await many(r).finally(() => (counted.answered += r.length)));
        return { counted, cache: new LinkCache({ maxEntries: 20_000, maxBytes: 64 << 20, ttlMs: TTL, loadMany }) };
      },
    };
    const results: Record<string, Array<{ coldQ: number; coldMain: number; waveQ: number; waveMain: number; waveProc: number }>> = {};
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [label, make] of Object.entries(variants)) {
        const { counted, cache } = make();
        const cpu = () => [threadCpuSeconds(process.pid)!, processCpuSeconds(process.pid)!];
        // Cold pass: 50 visits at a time, each waiting for its link.
        let [m0] = cpu();
        for (let i = 0; i < codes.length; i += 50)
          await Promise.all(codes.slice(i, i + 50).map((c) => cache.lookup(linkKey(domain.id, c), domain, c, Date.now())));
        const coldQ = counted.queries;
        const coldMain = ((cpu()[0] - m0) * 1e6) / LINKS;
        // The wave: every link visited past its TTL, 50 visits every ~16 ms, answered stale.
        counted.queries = counted.answered = 0;
        const stale = Date.now() + TTL + 1;
        let p0: number;
        [m0, p0] = cpu();
        for (let i = 0; i < codes.length; i += 50) {
          for (const c of codes.slice(i, i + 50))
            if (cache.lookup(linkKey(domain.id, c), domain, c, stale) instanceof Promise) throw new Error('a stale link made its visit wait');
          await pause(16);
        }
        while (counted.answered < LINKS) await pause(5);
        const [m1, p1] = cpu();
        const r = { coldQ, coldMain, waveQ: counted.queries, waveMain: ((m1 - m0) * 1e6) / LINKS, waveProc: ((p1 - p0) * 1e6) / LINKS };
        (results[label] ??= []).push(r);
        console.log(
          `  round ${round} ${label.padEnd(20)} cold pass ${coldQ} queries (${coldMain.toFixed(0)} µs main/link); wave ${r.waveQ} queries, ${r.waveMain.toFixed(1)} µs main, ${r.waveProc.toFixed(1)} µs process per reloaded link`,
        );
      }
    }
    for (const [label, rs] of Object.entries(results)) {
      console.log(
        `  ${label.padEnd(20)} wave: ${median(rs.map((r) => r.waveQ))} queries for ${LINKS} links; per reloaded link ${median(rs.map((r) => r.waveMain)).toFixed(1)} µs main thread, ${median(rs.map((r) => r.waveProc)).toFixed(1)} µs process`,
      );
    }
  } finally {
    await handle.close();
  }
}

async function main() {
  const tmp = mkdtempSync(join(tmpdir(), 'sling-link-reloads-'));
  try {
    const targets = process.env.BENCH_SKIP_PGLITE ? [] : [pgliteDatabase(join(tmp, 'pglite'))];
    if (process.env.BENCH_DATABASE_URL) targets.push(await createPostgresDatabase(process.env.BENCH_DATABASE_URL, join(tmp, 'pg')));
    for (const target of targets) {
      console.log(`${target.label}:`);
      try {
        await measure(target);
      } finally {
        await target.drop();
      }
    }
    console.log(`(median of ${ROUNDS} rounds; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
