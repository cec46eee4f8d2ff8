// The click writer's thread (started by click-writer-thread.ts): enrichment (user agents, GeoIP,
// visitor hashes), encoding, the live-link check, link.clicked events, the raw rows and the held
// rollups and counters all run here, so none of it holds the edge's event loop. It talks to the
// database itself: its own small `pg` pool on PostgreSQL, or a port straight to PGlite's thread.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { createClickEnricher } from '../analytics/enrich-click';
import { openGeoIp } from '../analytics/geoip';
import { pgliteOverPort, pgliteQueryable } from '../db/pglite-thread';
import type { DbHandle, Queryable } from '../db/types';
import { decodeClicks, type EncodedClicks } from './click-transfer';
import { CLICK_COUNTS_HOLD_MS, clickWriter } from './write-clicks';

export interface ClickWriterSetup {
  secret: string;
  storeIp: boolean;
  geoipPath?: string;
  holdMs?: number;
  /** PostgreSQL: the thread opens its own pool. */
  databaseUrl?: string;
  /** PGlite: a port from the database thread's connectPort(). */
  pglitePort?: MessagePort;
}

export type WriterRequest = { id: number; op: 'write'; clicks: EncodedClicks } | { id: number; op: 'settle' | 'close' };
export type WriterReply = { ready: true } | { id: number; ok: true } | { id: number; ok: false; message: string };

type Db = Queryable & Pick<DbHandle, 'transaction'> & { close(): Promise<void> };

async function openDb(setup: ClickWriterSetup): Promise<Db> {
  if (setup.pglitePort) {
    const client = pgliteOverPort(setup.pglitePort);
    return { ...pgliteQueryable(client), close: () => client.close() };
  }
  const [{ default: pg }, { postgresQueryable }] = await Promise.all([import('pg'), import('../db/postgres-queryable')]);
  // Two connections: the next batch's live-link check runs while this one's COPY does.
  const pool = new pg.Pool({ connectionString: setup.databaseUrl, max: 2, connectionTimeoutMillis: 5_000 });
  pool.on('error', () => {}); // idle-client errors surface on the next query instead
  return { ...(await postgresQueryable(pool)), close: () => pool.end() };
}

const setup = (workerData as { setup: ClickWriterSetup }).setup;
const port = parentPort!;
const db = await openDb(setup);
const geo = openGeoIp(setup.geoipPath);
const write = clickWriter(db, createClickEnricher({ secret: setup.secret, geo, storeIp: setup.storeIp }), {
  holdMs: setup.holdMs ?? CLICK_COUNTS_HOLD_MS,
  // The GeoIP files load on the first batch that needs each (off this thread's loop too).
  beforeEnrich: (batch) => geo.loadFor(batch.map((c) => c.ip)).catch(() => {}),
});

function answer(id: number, work: Promise<unknown>) {
  work.then(
    () => port.postMessage({ id, ok: true } satisfies WriterReply),
    (err) => port.postMessage({ id, ok: false, message: String(err?.message ?? err) } satisfies WriterReply),
  );
}

port.on('message', (msg: WriterRequest) => {
  if (msg.op === 'write') answer(msg.id, write(decodeClicks(msg.clicks)));
  else if (msg.op === 'settle') answer(msg.id, write.settle());
  else answer(msg.id, db.close());
});
port.postMessage({ ready: true } satisfies WriterReply);
