// Embedded PostgreSQL (PGlite, WebAssembly) in its own thread, so database work never stalls the
// redirect edge's event loop. Plain JS: worker threads cannot load TypeScript, and this file runs
// unchanged from source, from dist/ and under Vitest. Protocol: see pglite-thread.ts. It is served on
// the parent port and on every port the parent hands over ({ op: 'port' }): the click writer's
// thread talks to the database directly, not through the main thread.
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

// bytea in and out as hex through Buffer: PGlite's own codec makes one JS string per byte, which took
// 15 s to store a 27 MiB import file and 8 s to read it back (docs/guide/importing.md, "Limits").
const BYTEA = 17;
const byteaToHex = (value) => {
  if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
  return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
};
const byteaFromHex = (text) => {
  const bytes = new Uint8Array((text.length - 2) / 2);
  Buffer.from(bytes.buffer).write(text.slice(2), 'hex');
  return bytes;
};

// shared_buffers: PostgreSQL's default (128 MB) was most of an idle server's memory; pages it no
// longer holds come from the OS's file cache instead.
const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${Number(workerData.sharedBuffersMb ?? 16)}MB`];
const db = await PGlite.create(workerData.dataDir, { startParams, serializers: { [BYTEA]: byteaToHex }, parsers: { [BYTEA]: byteaFromHex } });
const transactions = new Map();
let nextTx = 1;

function reply(port, id, result) {
  port.postMessage({ id, ok: true, result }, largeBytes(result));
}

/** A result's large bytea values (each owns its memory: byteaFromHex), moved to the caller instead of copied. */
function largeBytes(result) {
  const moved = [];
  for (const r of Array.isArray(result) ? result : [result]) {
    for (const row of r?.rows ?? []) {
      for (const v of Object.values(row))
        if (v instanceof Uint8Array && v.byteLength >= 64 * 1024 && v.byteLength === v.buffer.byteLength) moved.push(v.buffer);
    }
  }
  return moved;
}

function fail(port, id, err) {
  const error = { message: String(err?.message ?? err) };
  // Keep what callers test for (SQLSTATE code, constraint, detail…).
  for (const key of ['code', 'constraint', 'detail', 'table', 'column', 'schema', 'severity', 'hint']) {
    if (err && err[key] !== undefined) error[key] = err[key];
  }
  port.postMessage({ id, ok: false, error });
}

// Parser tables are the same few sets every time (drizzle's); build each once.
const identity = (v) => v;
const parserTables = new Map();

function queryOptions(opts) {
  if (!opts) return undefined;
  const { rowMode, identityTypes } = opts;
  if (!identityTypes) return { rowMode };
  const key = identityTypes.join(',');
  let parsers = parserTables.get(key);
  if (!parsers) parserTables.set(key, (parsers = Object.fromEntries(identityTypes.map((t) => [t, identity]))));
  return { rowMode, parsers };
}

function target(tx) {
  if (tx === undefined) return db;
  const t = transactions.get(tx);
  if (!t) throw new Error(`transaction ${tx} is not open`);
  return t.tx;
}

async function handle(msg, port) {
  switch (msg.op) {
    case 'query': {
      const res = await target(msg.tx).query(msg.sql, msg.params ?? [], queryOptions(msg.opts));
      return { rows: res.rows, fields: res.fields, affectedRows: res.affectedRows };
    }
    case 'exec': {
      const results = await target(msg.tx).exec(msg.sql);
      return results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
    }
    case 'begin': {
      // The transaction stays open in this thread until the main thread sends 'end'.
      const txId = nextTx++;
      let settle;
      const ended = new Promise((resolve, reject) => (settle = { resolve, reject }));
      return new Promise((opened, refused) => {
        const run = db.transaction(async (tx) => {
          transactions.get(txId).tx = tx;
          opened(txId);
          await ended;
        });
        transactions.set(txId, { tx: undefined, settle, run, port });
        run.catch(refused).finally(() => transactions.delete(txId));
      });
    }
    case 'end': {
      const t = transactions.get(msg.tx);
      if (!t) throw new Error(`transaction ${msg.tx} is not open`);
      if (msg.commit) {
        t.settle.resolve();
        await t.run;
      } else {
        t.settle.reject(new Error('rolled back'));
        await t.run.catch(() => {});
      }
      return null;
    }
    case 'listen':
      // Notifications from any session's commits (PGlite has one) reach the port that asked.
      await db.listen(msg.channel, () => port.postMessage({ notify: msg.channel }));
      return null;
    case 'memory':
      // Outside this thread's JS heap: PGlite's WebAssembly memory, and after a first start the
      // buffers initdb left (570–646 MiB seen), which no GC takes back while the thread is idle.
      return getHeapStatistics().external_memory;
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`unknown op ${msg.op}`);
  }
}

function serve(port) {
  port.on('message', (msg) => {
    if (msg.op === 'port') return serve(msg.port);
    handle(msg, port).then(
      (result) => reply(port, msg.id, result),
      (err) => fail(port, msg.id, err),
    );
  });
  // A thread that went away mid-transaction must not hold the database's only session forever.
  port.on('close', () => {
    for (const t of transactions.values()) if (t.port === port) t.settle.reject(new Error('the port closed'));
  });
}
serve(parentPort);
parentPort.postMessage({ ready: true });
