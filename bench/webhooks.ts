// Webhook delivery benchmark (part of `npm run bench`): 20,000 link.clicked events in the outbox of
// a fresh database (BENCH_WEBHOOK_EVENTS), one webhook subscribed, delivered by the real worker loop
// (fan-out, leased claims, signing, POSTs over kept loopback connections, attempts recorded in
// batches) running in its own process (bench/webhook-dispatch.ts) to a receiver in another process
// (bench/webhook-receiver.mjs) that answers 204, as a real endpoint would be elsewhere.
//
// Prints, per run: deliveries/s; CPU per delivery of the dispatcher's main thread (its JavaScript),
// of the database (PostgreSQL: the bench database's backends, read from /proc; PGlite: the rest of
// the dispatcher's process, whose worker thread runs it) and of the receiver; the statements the
// dispatcher sent per 1,000 deliveries. None may be missing or repeated.
//
// BENCH_WEBHOOK_BEFORE=<a checkout of main with node_modules> runs its dispatcher too, alternating
// with this one (before, after, before, …) BENCH_WEBHOOK_ROUNDS times on each database.
// BENCH_WEBHOOK_CPU_PROF=<dir> writes a --cpu-prof profile of each dispatcher process there;
// BENCH_WEBHOOK_VERBOSE=1 prints each run's statements and their time end to end, by kind.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SYSTEM_WORKSPACE_ID } from '../db/schema';
import { applyMigrations } from '../lib/db/migrate';
import { openDatabase } from '../lib/db/open-database';
import { newWebhookSecret, sealWebhookSecret } from '../lib/webhooks/webhook-secret';
import { createPostgresDatabase, pgliteDatabase, type BenchDatabase } from './bench-database';
import { endChildren, track } from '../tests/helpers/processes';
import { processCpuSeconds } from './cpu-usage';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 20_000);
const CONCURRENCY = Number(process.env.BENCH_WEBHOOK_CONCURRENCY ?? 64);
const ENDPOINT_CONCURRENCY = Number(process.env.BENCH_WEBHOOK_ENDPOINT_CONCURRENCY ?? 16);
const ROUNDS = Number(process.env.BENCH_WEBHOOK_ROUNDS ?? 1);
const BEFORE = process.env.BENCH_WEBHOOK_BEFORE;
const CPU_PROF = process.env.BENCH_WEBHOOK_CPU_PROF;
const KEY = 'bench-secret-key-0123456789abcdef0123456789';
const HERE = resolve(fileURLToPath(new URL('..', import.meta.url)));

interface Run {
  side: string;
  perSecond: number;
  /** CPU ms per delivery. */
  dispatcher: number;
  database: number;
  receiver: number;
  statementsPer1000: number;
  ok: boolean;
  problem: string;
}

async function seed(database: BenchDatabase, url: string) {
  const handle = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  try {
    await applyMigrations(handle, database.databaseUrl);
    await handle.query(
      `INSERT INTO webhooks (id, workspace_id, url, events, secret_ciphertext, created_at) VALUES ('wh_bench', $3, $1, '{link.clicked}', $2, now() - interval '1 hour')`,
      [url, sealWebhookSecret(newWebhookSecret(), KEY), SYSTEM_WORKSPACE_ID],
    );
    await handle.query(
      `INSERT INTO events (id, type, workspace_id, link_id, data)
       SELECT 'evt_' || replace(gen_random_uuid()::text, '-', ''), 'link.clicked', $2, 1,
              jsonb_build_object('link_id', 1, 'short_code', 'bench', 'long_url', 'https://example.com/' || i,
                'visitor', jsonb_build_object('country', 'US', 'device', 'mobile', 'browser', 'Mobile Safari'))
       FROM generate_series(1, $1::int) i`,
      [EVENTS, SYSTEM_WORKSPACE_ID],
    );
  } finally {
    await handle.close();
  }
}

async function outcome(database: BenchDatabase): Promise<{ succeeded: number; attempts: number }> {
  const handle = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  try {
    const [r] = await handle.query<{ succeeded: number; attempts: number }>(
      `SELECT (SELECT count(*) FROM webhook_deliveries WHERE status = 'succeeded')::int AS succeeded, (SELECT count(*) FROM webhook_attempts)::int AS attempts`,
    );
    return r;
  } finally {
    await handle.close();
  }
}

/** CPU seconds of the bench database's backends, kept per pid (a backend that exits keeps its last reading). */
function backendCpu(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  const last = new Map<number, number>();
  const base = new Map<number, number>();
  let own = 0;
  const sample = async () => {
    const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    for (const { pid } of rows) {
      const s = processCpuSeconds(pid);
      if (s !== undefined) last.set(pid, s);
    }
  };
  return {
    async start() {
      await client.connect();
      own = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      await sample();
      for (const [pid, s] of last) base.set(pid, s);
    },
    sample,
    /** CPU ms used since start() by backends other than this monitor's. */
    async usedMs() {
      await sample();
      await client.end();
      let total = 0;
      for (const [pid, s] of last) if (pid !== own) total += s - (base.get(pid) ?? 0);
      return total * 1000;
    },
  };
}

function next(child: ChildProcess, test: (m: any) => boolean): Promise<any> {
  return new Promise((resolve, reject) => {
    const on = (m: any) => {
      if (!test(m)) return;
      child.off('message', on);
      child.off('exit', exit);
      resolve(m);
    };
    const exit = (code: number) => reject(new Error(`child exited (${code}) before it answered`));
    child.on('message', on);
    child.once('exit', exit);
  });
}

async function run(kind: 'pglite' | 'postgres', side: string, root: string, tmp: string, n: number): Promise<Run> {
  const database =
    kind === 'postgres' ? await createPostgresDatabase(process.env.BENCH_DATABASE_URL!, join(tmp, `pg-${n}`)) : pgliteDatabase(join(tmp, `pglite-${n}`));
  const receiver = track(fork(join(HERE, 'bench/webhook-receiver.mjs'), [String(EVENTS)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  try {
    const { port } = await next(receiver, (m) => m.port);
    const receiverCpu = (await askReceiver(receiver)).cpuMs;
    await seed(database, `http://127.0.0.1:${port}/hook`);
    const options = {
      secretKey: KEY,
      allowPrivate: true,
      timeoutMs: 10_000,
      retrySchedule: [1],
      disableAfterFailures: 50,
      disableAfterHours: 120,
      concurrency: CONCURRENCY,
      endpointConcurrency: ENDPOINT_CONCURRENCY,
      pollMs: 1000,
    };
    const dispatcher = track(
      fork(join(HERE, 'bench/webhook-dispatch.ts'), [], {
        cwd: HERE,
        execArgv: ['--import', 'tsx', ...(CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', join(CPU_PROF, `${kind}-${side}-${n}`)] : [])],
        env: {
          ...process.env,
          BENCH_ROOT: root,
          BENCH_DATABASE_URL: database.databaseUrl ?? '',
          BENCH_DATA_DIR: database.dataDir,
          BENCH_DISPATCHER_OPTIONS: JSON.stringify(options),
        },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      }),
    );
    await next(dispatcher, (m) => m.ready);
    const backends = database.databaseUrl ? backendCpu(database.databaseUrl) : undefined;
    await backends?.start();
    const sampling = backends && setInterval(() => void backends.sample().catch(() => {}), 500);
    const done = next(receiver, (m) => m.done);
    dispatcher.send('start');
    const timeout = new Promise((r) => setTimeout(r, 600_000).unref());
    await Promise.race([done, timeout]);
    const report = next(dispatcher, (m) => m.ms !== undefined);
    dispatcher.send('stop');
    const r = await report;
    clearInterval(sampling);
    const backendMs = await backends?.usedMs();
    dispatcher.send('exit');
    await new Promise((resolve) => dispatcher.once('exit', resolve));
    const got = await askReceiver(receiver);
    const stored = await outcome(database);
    const problems = [
      got.received !== EVENTS && `${got.received} of ${EVENTS} received`,
      got.repeated > 0 && `${got.repeated} received more than once`,
      stored.succeeded !== EVENTS && `${stored.succeeded} recorded as succeeded`,
      stored.attempts !== EVENTS && `${stored.attempts} attempts logged`,
    ].filter(Boolean);
    if (process.env.BENCH_WEBHOOK_VERBOSE) console.log(side, kind, JSON.stringify(r.kinds));
    return {
      side,
      perSecond: (got.received / r.ms) * 1000,
      dispatcher: r.mainCpuMs / EVENTS,
      database: (backendMs ?? r.processCpuMs - r.mainCpuMs) / EVENTS,
      receiver: (got.cpuMs - receiverCpu) / EVENTS,
      statementsPer1000: (r.statements / EVENTS) * 1000,
      ok: problems.length === 0,
      problem: problems.join(', '),
    };
  } finally {
    receiver.kill();
    await database.drop();
  }
}

function askReceiver(receiver: ChildProcess): Promise<{ received: number; repeated: number; cpuMs: number }> {
  const answer = next(receiver, (m) => m.cpuMs !== undefined);
  receiver.send('count');
  return answer;
}

async function main(): Promise<number> {
  const tmp = mkdtempSync(join(tmpdir(), 'sling-bench-webhooks-'));
  const sides: Array<[string, string]> = [...(BEFORE ? [['before', resolve(BEFORE)] as [string, string]] : []), ['after', HERE]];
  const kinds: Array<'pglite' | 'postgres'> = ['pglite', ...(process.env.BENCH_DATABASE_URL ? (['postgres'] as const) : [])];
  const out: string[] = [];
  let ok = true;
  let n = 0;
  for (const kind of kinds) {
    const runs: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const [side, root] of sides) {
        const r = await run(kind, side, root, tmp, n++);
        const line = `${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} ${BEFORE ? `${side} ` : ''}${describe(r)} (load average ${loadavg()[0].toFixed(1)})`;
        console.log(line + (r.ok ? '' : `  MISSING OR REPEATED: ${r.problem}`));
        out.push(`  ${line}`);
        runs.push(r);
        ok &&= r.ok;
      }
    }
    if (ROUNDS > 1)
      for (const [side] of sides)
        out.push(`  ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} ${side}, median of ${ROUNDS}: ${describe(median(runs.filter((r) => r.side === side)))}`);
  }
  console.log(
    `\nWebhooks (${fmt(EVENTS)} events, one endpoint, ${CONCURRENCY} POSTs in flight, ${ENDPOINT_CONCURRENCY} per endpoint; dispatcher and receiver in their own processes; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  );
  for (const line of out) console.log(line);
  rmSync(tmp, { recursive: true, force: true });
  return ok ? 0 : 1;
}

function describe(r: Omit<Run, 'side' | 'ok' | 'problem'>): string {
  return (
    `${fmt(r.perSecond)} deliveries/s; CPU per delivery: dispatcher ${r.dispatcher.toFixed(3)} ms, database ${r.database.toFixed(3)} ms,` +
    ` receiver ${r.receiver.toFixed(3)} ms; ${r.statementsPer1000.toFixed(0)} statements per 1,000 deliveries`
  );
}

function median(runs: Run[]): Omit<Run, 'side' | 'ok' | 'problem'> {
  const m = (f: (r: Run) => number) => {
    const v = runs.map(f).sort((a, b) => a - b);
    return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  };
  return {
    perSecond: m((r) => r.perSecond),
    dispatcher: m((r) => r.dispatcher),
    database: m((r) => r.database),
    receiver: m((r) => r.receiver),
    statementsPer1000: m((r) => r.statementsPer1000),
  };
}

function fmt(n: number): string {
  return Math.round(n).toLocaleString('en');
}

main().then(
  async (code) => {
    await endChildren();
    process.exit(code);
  },
  async (err) => {
    console.error(err);
    await endChildren();
    process.exit(1);
  },
);
