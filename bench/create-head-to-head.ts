// Two builds of Sling serving at once on one PostgreSQL database (BENCH_DATABASE_URL), link creation
// through POST /api.php measured in turns (A, B, A, B, …), with each process's idle RSS after start
// and its CPU per creation. For comparing a change against the build before it on a shared machine:
//   BENCH_DATABASE_URL=postgres://… BENCH_BEFORE=/path/to/other/checkout tsx bench/create-head-to-head.ts
// (the other checkout built, with node_modules). Also the bare Next route, as the floor of a POST.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { alternate, fmtInt } from './alternate';
import { createPostgresDatabase, seedDatabase } from './bench-database';
import { endChildren } from './children';
import { CREATE_LINKS_ENV, createBenchAccount } from './create-links';
import { idleRss } from './idle-rss';
import { pickLoadTool } from './load-tool';
import { freePort, startServer, stopServer, waitUntilAnswering } from './servers';

const AFTER = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BEFORE = process.env.BENCH_BEFORE;
const SERVER_URL = process.env.BENCH_DATABASE_URL;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function main() {
  if (!BEFORE || !SERVER_URL) throw new Error('Set BENCH_BEFORE (a built checkout) and BENCH_DATABASE_URL.');
  const tmp = mkdtempSync(join(tmpdir(), 'sling-h2h-'));
  const { tool } = pickLoadTool(tmp);
  const database = await createPostgresDatabase(SERVER_URL, join(tmp, 'data'));
  try {
    await seedDatabase(database, '127.0.0.1', []);
    const [portA, portB] = [await freePort(), await freePort()];
    const env = (port: number) => ({
      HOST: '127.0.0.1',
      BASE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: join(tmp, 'data'),
      DATABASE_URL: database.databaseUrl,
      SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789abcdef',
      REDIS_URL: undefined,
      LOG_LEVEL: 'warn',
      ...CREATE_LINKS_ENV,
    });
    const account = createBenchAccount(AFTER, env(portB));
    const servers = [
      { root: BEFORE, port: portA, label: 'before' },
      { root: AFTER, port: portB, label: 'after' },
    ].map((s) => ({ ...s, proc: startServer({ name: s.label, args: [join(s.root, 'bin/sling.mjs'), 'start'], env: env(s.port), port: s.port, logFile: join(tmp, `${s.label}.log`), cwd: s.root }) }));
    await Promise.all(servers.map((s) => waitUntilAnswering(s.proc, '/readyz', 200)));
    for (const s of servers) console.log(`${s.label}: idle RSS ${(await idleRss(s.proc.child.pid!)).toFixed(0)} MiB`);
    const post = { headers: { Authorization: `Bearer ${account.token}`, 'Content-Type': 'application/json' }, body: '{"url":"https://example.com/h2h/{n}"}' };
    const settings = { connections: Number(process.env.BENCH_CONNECTIONS ?? 50), warmupSeconds: 3, seconds: 6, rounds: ROUNDS };
    console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    for (const path of ['/api.php', '/api/v1/links', '/api/v1/bench-constant']) {
      const r = await alternate(path, tool, [
        { label: 'before', server: servers[0].proc, load: { paths: [path], post } },
        { label: 'after', server: servers[1].proc, load: { paths: [path], post } },
      ], settings);
      console.log(`${path}: before ${fmtInt(r.a.best.rps)} req/s (${r.a.best.cpuUsPerRequest?.toFixed(0)} µs), after ${fmtInt(r.b.best.rps)} req/s (${r.b.best.cpuUsPerRequest?.toFixed(0)} µs), errors ${r.errors}`);
    }
    console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    for (const s of servers) await stopServer(s.proc);
  } finally {
    await endChildren();
    await database.drop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
