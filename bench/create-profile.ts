// Link creation under load with the server's CPU profiled (`node --cpu-prof`), on a throw-away
// PostgreSQL database: for finding what a creation still costs in Sling's own code.
//   BENCH_DATABASE_URL=postgres://… BENCH_PROFILE_DIR=/tmp/prof tsx bench/create-profile.ts
// Writes the .cpuprofile to BENCH_PROFILE_DIR and prints the load's result (BENCH_PATH, default /api.php).
// BENCH_AUTH=session sends the bench user's session cookie (as the dashboard does) instead of its token.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPostgresDatabase, seedDatabase } from './bench-database';
import { endChildren, freePort, startServer, stopServer, waitUntilAnswering } from '../tests/helpers/processes';
import { createBenchAccount, createBenchEnv, sessionPost, signInBench, tokenPost } from './create-links';
import { pickLoadTool } from './load-tool';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_URL = process.env.BENCH_DATABASE_URL;
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR ?? tmpdir();
const PATH = process.env.BENCH_PATH ?? '/api.php';

async function main() {
  if (!SERVER_URL) throw new Error('Set BENCH_DATABASE_URL.');
  const tmp = mkdtempSync(join(tmpdir(), 'sling-prof-'));
  const { tool } = pickLoadTool(tmp);
  const database = await createPostgresDatabase(SERVER_URL, join(tmp, 'data'));
  try {
    await seedDatabase(database, '127.0.0.1', []);
    const port = await freePort();
    const env = createBenchEnv(port, join(tmp, 'data'), database.databaseUrl);
    const account = createBenchAccount(ROOT, env);
    const server = startServer({
      group: true,
      name: 'profiled',
      args: ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`, join(ROOT, 'bin/sling.mjs'), 'start'],
      env,
      port,
      logFile: join(tmp, 'server.log'),
      cwd: ROOT,
    });
    await waitUntilAnswering(server, '/readyz', 200);
    const body = '{"url":"https://example.com/prof/{n}"}';
    const post = process.env.BENCH_AUTH === 'session' ? sessionPost(await signInBench(env.BASE_URL, port), env.BASE_URL, body) : tokenPost(account.token, body);
    await tool.run({ port, paths: [PATH], connections: 20, seconds: 3, post });
    const r = await tool.run({ port, paths: [PATH], connections: 20, seconds: Number(process.env.BENCH_SECONDS ?? 10), post });
    console.log(
      `${PATH}: ${r.rps.toFixed(0)} req/s, ${r.responses} answers, bad ${r.badStatus}; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    await stopServer(server);
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
