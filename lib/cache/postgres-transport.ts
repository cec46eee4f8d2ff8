// Invalidation over PostgreSQL LISTEN/NOTIFY: one dedicated connection listens, reconnecting
// with backoff (lib/db/listen-postgres.ts); after a reconnect everything cached is dropped (messages may have been missed).
// Writes made in a transaction send their NOTIFY in it (publishIn), so it commits with them.
import { sql } from 'drizzle-orm';
import { ALL_KEYS, CHANNEL, type Transport } from './invalidation-bus';
import { listenOnPostgres } from '../db/listen-postgres';

export function postgresTransport(databaseUrl: string, publishVia: (sql: string, params: unknown[]) => Promise<unknown>): Transport {
  let stop: (() => Promise<void>) | undefined;
  return {
    start: async (onKey) => {
      stop = await listenOnPostgres(databaseUrl, CHANNEL, {
        onNotify: (key) => key && onKey(key),
        onReconnect: () => onKey(ALL_KEYS),
      });
    },
    publish: async (key) => {
      await publishVia('SELECT pg_notify($1, $2)', [CHANNEL, key]);
    },
    // NOTIFY is queued by the transaction and sent only if it commits.
    publishIn: async (tx, key) => {
      await tx.execute(sql`SELECT pg_notify(${CHANNEL}, ${key})`);
    },
    notifyChannel: CHANNEL,
    close: async () => {
      await stop?.();
    },
  };
}
