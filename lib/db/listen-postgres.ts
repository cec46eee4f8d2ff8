// LISTEN on PostgreSQL over a connection of its own (a pooled one would be handed to others), made
// again with backoff when it is lost. A notification sent while it was down is gone, so `onReconnect`
// is called once it listens again: whoever waits for one then looks for itself. Used by the
// invalidation bus (lib/cache/postgres-transport.ts) and the webhook workers (DbHandle.listen).
import pg from 'pg';
import { logger } from '../core/logger';

export interface ListenCallbacks {
  onNotify(payload: string): void;
  onReconnect(): void;
}

export async function listenOnPostgres(databaseUrl: string, channel: string, on: ListenCallbacks): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect(attempt: number): Promise<void> {
    const c = new pg.Client({ connectionString: databaseUrl, application_name: `sling listen ${channel}` });
    c.on('notification', (msg) => msg.channel === channel && on.onNotify(msg.payload ?? ''));
    c.on('error', (err) => {
      logger().warn({ err: err.message, channel }, 'a LISTEN connection was lost; connecting again');
      c.end().catch(() => {});
      if (client === c) client = undefined;
      again(1);
    });
    await c.connect();
    await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (closed) return void (await c.end());
    client = c;
    if (attempt > 0) on.onReconnect();
  }

  function again(attempt: number) {
    if (closed || retry) return;
    retry = setTimeout(
      () => {
        retry = undefined;
        connect(attempt).catch(() => again(attempt + 1));
      },
      Math.min(100 * 2 ** attempt, 5_000),
    );
    retry.unref();
  }

  await connect(0);
  return async () => {
    closed = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
