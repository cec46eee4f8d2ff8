// Where an idle Sling's memory goes: starts the built server on a fresh database (a first start:
// initdb on PGlite, every migration), waits until it is ready and quiet, reports its RSS by kind of
// mapping and each thread's V8 heap (bench/memory-probe.mjs), then restarts it on the same data and
// reports again. Builds compared side by side: `tsx bench/idle-memory.ts [build root…]` (default: this
// checkout), alternating between them; BENCH_DATABASE_URL adds PostgreSQL runs; BENCH_ROUNDS repeats.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createPostgresDatabase, pgliteDatabase, type BenchDatabase } from './bench-database';
import { endChildren, freePort, startServer, stopServer, waitUntilAnswering } from '../tests/helpers/processes';

const HERE = resolve(import.meta.dirname, '..');
const roots = process.argv.slice(2).map((r) => resolve(r));
if (roots.length === 0) roots.push(HERE);
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
const settleMs = Number(process.env.BENCH_SETTLE_MS ?? 5_000);

interface Sample {
  rssMiB: number;
  /** smaps_rollup: anonymous memory (heaps, WebAssembly memory) and file-backed pages (code, mapped files). */
  anonMiB: number;
  fileMiB: number;
  threads: Array<{ label: string; heapUsedMiB: number; heapTotalMiB: number; externalMiB: number }>;
  /** Start to /readyz answering 200. */
  startMs: number;
}

function smapsRollup(pid: number): { rss: number; anon: number; file: number } {
  const text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN);
  const rss = kb('Rss');
  const anon = kb('Anonymous');
  return { rss: rss / 1024, anon: anon / 1024, file: (rss - anon) / 1024 };
}

async function measure(root: string, db: BenchDatabase, probeDir: string): Promise<Sample> {
  rmSync(probeDir, { recursive: true, force: true });
  mkdirSync(probeDir, { recursive: true });
  const port = await freePort();
  const started = performance.now();
  const server = startServer({
    group: true,
    name: 'Sling',
    args: ['--import', join(HERE, 'bench/memory-probe.mjs'), join(root, 'bin/sling.mjs'), 'start'],
    env: {
      HOST: '127.0.0.1',
      BASE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: db.dataDir,
      DATABASE_URL: db.databaseUrl,
      SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789abcdef',
      REDIS_URL: undefined,
      TLS_PORT: undefined,
      LOG_LEVEL: 'warn',
      MEMORY_PROBE_DIR: probeDir,
    },
    port,
    logFile: join(db.dataDir, '..', 'sling.log'),
    cwd: root,
  });
  try {
    await waitUntilAnswering(server, '/readyz', 200, 180_000);
    const startMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, settleMs));
    const pid = server.child.pid!;
    const roll = smapsRollup(pid);
    const threads = readdirSync(probeDir)
      .filter((f) => f.startsWith('thread-'))
      .map((f) => JSON.parse(readFileSync(join(probeDir, f), 'utf8')))
      .sort((a, b) => a.thread - b.thread);
    return { rssMiB: roll.rss, anonMiB: roll.anon, fileMiB: roll.file, threads, startMs };
  } finally {
    await stopServer(server);
  }
}

function line(label: string, s: Sample): string {
  const threads = s.threads.map((t) => `${t.label} ${t.heapUsedMiB}/${t.heapTotalMiB}+${t.externalMiB}ext`).join(', ');
  return `${label.padEnd(48)} RSS ${s.rssMiB.toFixed(0).padStart(4)} MiB (anon ${s.anonMiB.toFixed(0)}, file ${s.fileMiB.toFixed(0)}) ready in ${(s.startMs / 1000).toFixed(1)} s; heaps used/total MiB: ${threads}`;
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
const tmp = mkdtempSync(join(tmpdir(), 'sling-idle-memory-'));
try {
  const databases: Array<{ label: string; make: (dir: string) => Promise<BenchDatabase> }> = [{ label: 'PGlite', make: async (dir) => pgliteDatabase(dir) }];
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) databases.push({ label: 'PostgreSQL', make: (dir) => createPostgresDatabase(pgUrl, dir) });
  for (let round = 1; round <= rounds; round++) {
    for (const database of databases) {
      for (const root of roots) {
        const dir = mkdtempSync(join(tmp, 'run-'));
        const db = await database.make(join(dir, 'data'));
        try {
          const probe = join(dir, 'probe');
          console.log(line(`${database.label} first start  ${root} [load ${load()}]`, await measure(root, db, probe)));
          console.log(line(`${database.label} restart      ${root} [load ${load()}]`, await measure(root, db, probe)));
        } finally {
          await db.drop();
        }
      }
    }
  }
} finally {
  await endChildren();
  rmSync(tmp, { recursive: true, force: true });
}
