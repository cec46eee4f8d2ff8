// Webhook delivery benchmark (part of `npm run bench`): 20,000 link.clicked events in the outbox of
// a fresh database, one webhook subscribed, delivered by the real worker loop (fan-out, leased
// claims, HMAC signing, POSTs over kept loopback connections, attempts recorded in batches) to a
// node:http receiver in this process that answers 204. Prints deliveries/s and CPU per delivery;
// none may be missing or repeated.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SYSTEM_WORKSPACE_ID } from '../db/schema';
import { applyMigrations } from '../lib/db/migrate';
import { openDatabase } from '../lib/db/open-database';
import { startWebhookDispatcher } from '../lib/webhooks/dispatcher';
import { newWebhookSecret, sealWebhookSecret } from '../lib/webhooks/webhook-secret';
import { createPostgresDatabase, pgliteDatabase } from './bench-database';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 20_000);
const CONCURRENCY = Number(process.env.BENCH_WEBHOOK_CONCURRENCY ?? 64);
const ENDPOINT_CONCURRENCY = Number(process.env.BENCH_WEBHOOK_ENDPOINT_CONCURRENCY ?? 16);
const KEY = 'bench-secret-key-0123456789abcdef0123456789';

async function run(kind: string, database: { dataDir: string; databaseUrl?: string; drop(): Promise<void> }) {
  const handle = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  await applyMigrations(handle, database.databaseUrl);
  const seen = new Map<string, number>();
  const receiver = createServer((req, res) => {
    const id = String(req.headers['webhook-id']);
    seen.set(id, (seen.get(id) ?? 0) + 1);
    req.resume().on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
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
    const started = performance.now();
    const cpu = process.cpuUsage();
    const dispatcher = startWebhookDispatcher(handle, {
      secretKey: KEY, allowPrivate: true, timeoutMs: 10_000, retrySchedule: [1], disableAfterFailures: 50, disableAfterHours: 120,
      concurrency: CONCURRENCY, endpointConcurrency: ENDPOINT_CONCURRENCY, pollMs: 1000, notifyDisabled: async () => {},
    });
    const deadline = Date.now() + 600_000;
    for (;;) {
      const [{ done }] = await handle.query<{ done: number }>(`SELECT count(*)::int AS done FROM webhook_deliveries WHERE status = 'succeeded'`);
      if (done >= EVENTS || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    await dispatcher.stop();
    const repeated = [...seen.values()].filter((n) => n > 1).length;
    const [{ post }] = await handle.query<{ post: number }>(`SELECT avg(duration_ms)::float8 AS post FROM webhook_attempts`);
    const line = `${kind}: ${fmt(EVENTS)} events delivered in ${(ms / 1000).toFixed(1)} s = ${fmt((seen.size / ms) * 1000)} deliveries/s` +
      ` (${fmt(seen.size)} received, ${repeated} repeated; a POST took ${post.toFixed(1)} ms on average;` +
      ` ${((used.user + used.system) / 1000 / EVENTS).toFixed(2)} ms of CPU per delivery in this process: receiver and, on PGlite, the database thread included)`;
    return { line, ok: seen.size === EVENTS && repeated === 0 };
  } finally {
    receiver.close();
    await handle.close();
    await database.drop();
  }
}

async function main(): Promise<number> {
  const tmp = mkdtempSync(join(tmpdir(), 'sling-bench-webhooks-'));
  const lines: string[] = [];
  let ok = true;
  const kinds = ['PGlite (embedded)', ...(process.env.BENCH_DATABASE_URL ? ['PostgreSQL'] : [])];
  for (const kind of kinds) {
    const database = kind === 'PostgreSQL' ? await createPostgresDatabase(process.env.BENCH_DATABASE_URL!, join(tmp, 'pg')) : pgliteDatabase(join(tmp, 'pglite'));
    const r = await run(kind, database);
    lines.push(r.line + (r.ok ? '' : '  MISSING OR REPEATED'));
    ok &&= r.ok;
  }
  console.log(`\nWebhooks (one worker, ${CONCURRENCY} POSTs in flight, ${ENDPOINT_CONCURRENCY} per endpoint, receiver on loopback; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
  for (const line of lines) console.log(`  ${line}`);
  rmSync(tmp, { recursive: true, force: true });
  return ok ? 0 : 1;
}

function fmt(n: number): string {
  return Math.round(n).toLocaleString('en');
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
