// Invalidation over PostgreSQL LISTEN/NOTIFY: one dedicated connection listens, reconnecting
// with backoff; after a reconnect everything cached is dropped (messages may have been missed).
// Writes made in a transaction send their NOTIFY in it (publishIn), so it commits with them.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ALL_KEYS, CHANNEL, type Listener, type Transport } from './invalidation-bus';
import { logger } from '../core/logger';

export function postgresTransport(databaseUrl: string, publishVia: (sql: string, params: unknown[]) => Promise<unknown>): Transport {
  let client: pg.Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;

  async function connect(onKey: Listener, attempt: number): Promise<void> {
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('notification', (msg) => msg.payload && onKey(msg.payload));
    c.on('error', (err) => {
      logger().warn({ err: err.message }, 'invalidation listener lost its connection');
      c.end().catch(() => {});
      if (client === c) client = undefined;
      schedule(onKey, 1);
    });
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    if (closed) return void c.end();
    client = c;
    if (attempt > 0) onKey(ALL_KEYS);
  }

  function schedule(onKey: Listener, attempt: number) {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(
      () => {
        retryTimer = undefined;
        connect(onKey, attempt).catch(() => schedule(onKey, attempt + 1));
      },
      Math.min(100 * 2 ** attempt, 5_000),
    );
    retryTimer.unref();
  }

  return {
    start: (onKey) => connect(onKey, 0),
    publish: async (key) => {
      await publishVia('SELECT pg_notify($1, $2)', [CHANNEL, key]);
    },
    // NOTIFY is queued by the transaction and sent only if it commits.
    publishIn: async (tx, key) => {
      await tx.execute(sql`SELECT pg_notify(${CHANNEL}, ${key})`);
    },
    notifyChannel: CHANNEL,
    close: async () => {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      await client?.end().catch(() => {});
    },
  };
}
