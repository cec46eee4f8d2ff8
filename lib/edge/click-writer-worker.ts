// The click writer's thread (started by click-writer-thread.ts): enrichment (user agents, GeoIP,
// visitor hashes), encoding, the live-link check, link.clicked events, the raw rows and the held
// rollups and counters all run here, so none of it holds the edge's event loop. It talks to the
// database itself: its own small `pg` pool on PostgreSQL, or a port straight to PGlite's thread.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { createClickEnricher } from '../analytics/enrich-click';
import { openGeoIp } from '../analytics/geoip';
import type { PrivacyDefaults } from '../analytics/privacy-mode';
import { pgliteOverPort, pgliteQueryable } from '../db/pglite-thread';
import type { DbHandle, Queryable } from '../db/types';
import { decodeClicks, type EncodedClicks } from './click-transfer';
import type { LinkHours } from './link-hours';
import { CLICK_COUNTS_HOLD_MS, clickWriter } from './write-clicks';

export interface ClickWriterSetup {
  secret: string;
  /** The instance's privacy defaults (instancePrivacy() of the configuration). */
  privacy?: PrivacyDefaults;
  /** The older spelling of privacy.ip full/none, for a setup without `privacy`. */
  storeIp?: boolean;
  geoipPath?: string;
  holdMs?: number;
  /** BASE_URL (short URLs in link.milestone events). */
  baseUrl?: string;
  /** PostgreSQL: the thread opens its own pool. */
  databaseUrl?: string;
  /** PostgreSQL: the pool's application_name, by which the next thread knows when this one's statements ended. */
  applicationName?: string;
  /** PGlite: a port from the database thread's connectPort(). */
  pglitePort?: MessagePort;
}

/** A recount rebuilds the counts of link-hours a dead thread held, once the statements of `after`
 *  (its application_name, on PostgreSQL) have ended (recount-clicks.ts). */
export type WriterRequest =
  | { id: number; op: 'write'; clicks: EncodedClicks }
  | { id: number; op: 'recount'; linkHours: LinkHours; after?: string }
  | { id: number; op: 'settle' | 'close' };
/** `counted`: the counts of every request up to this id are written. */
export type WriterReply = { ready: true } | { counted: number } | { id: number; ok: true } | { id: number; ok: false; message: string };

type Db = Queryable & Pick<DbHandle, 'transaction'> & { close(): Promise<void> };

async function openDb(setup: ClickWriterSetup): Promise<Db> {
  if (setup.pglitePort) {
    const client = pgliteOverPort(setup.pglitePort);
    return { ...pgliteQueryable(client), close: () => client.close() };
  }
  const [{ default: pg }, { postgresQueryable }] = await Promise.all([import('pg'), import('../db/postgres-queryable')]);
  // Two connections: the next batch's live-link check runs while this one's COPY does.
  const pool = new pg.Pool({ connectionString: setup.databaseUrl, max: 2, connectionTimeoutMillis: 5_000, application_name: setup.applicationName });
  pool.on('error', () => {}); // idle-client errors surface on the next query instead
  return { ...(await postgresQueryable(pool)), close: () => pool.end() };
}

const setup = (workerData as { setup: ClickWriterSetup }).setup;
const port = parentPort!;
const db = await openDb(setup);
const geo = openGeoIp(setup.geoipPath);
const write = clickWriter(db, createClickEnricher({ secret: setup.secret, geo, privacy: setup.privacy, storeIp: setup.storeIp }), {
  holdMs: setup.holdMs ?? CLICK_COUNTS_HOLD_MS,
  onCounted: (tag) => port.postMessage({ counted: tag } satisfies WriterReply),
  baseUrl: setup.baseUrl,
  // The GeoIP files load on the first batch that needs each (off this thread's loop too).
  beforeEnrich: (batch) => geo.loadFor(batch.map((c) => c.ip)).catch(() => {}),
});

function answer(id: number, work: Promise<unknown>) {
  work.then(
    () => port.postMessage({ id, ok: true } satisfies WriterReply),
    (err) => port.postMessage({ id, ok: false, message: String(err?.message ?? err) } satisfies WriterReply),
  );
}

/** A dead thread's last statement may still be running on PostgreSQL (a session ends when it does). */
async function ended(applicationName: string | undefined) {
  if (!applicationName || setup.pglitePort) return;
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
    const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1', [applicationName]);
    if (row.n === 0) return;
  }
}

// Requests take their turn in the order they came, after a recount's wait.
let gate: Promise<unknown> = Promise.resolve();
port.on('message', (msg: WriterRequest) => {
  if (msg.op === 'recount') {
    gate = ended(msg.after).catch(() => {});
    answer(
      msg.id,
      gate.then(() => write.recount(msg.linkHours, msg.id)),
    );
  } else if (msg.op === 'write')
    answer(
      msg.id,
      gate.then(() => write(decodeClicks(msg.clicks), msg.id)),
    );
  else if (msg.op === 'settle')
    answer(
      msg.id,
      gate.then(() => write.settle()),
    );
  else
    answer(
      msg.id,
      gate.then(() => db.close()),
    );
});
port.postMessage({ ready: true } satisfies WriterReply);
