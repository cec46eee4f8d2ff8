// Cache invalidation across instances: a write publishes a key; every instance (this one at once,
// others through Postgres NOTIFY or Redis pub/sub) drops its cached entry. Publishing never fails
// or delays the write that caused it: a message lost on the way is healed by the cache's TTL.
import { randomUUID } from 'node:crypto';
import { logger } from '../core/logger';
import type { Tx } from '../db/types';
import { globalSingleton } from '../core/global-singleton';

export const CHANNEL = 'sling_invalidate';
/** Published when a subscription was lost and messages may have been missed: drop everything. */
export const ALL_KEYS = '*';

/** What every link's key starts with (the bus also carries domains', tokens' and sessions' keys). */
export const LINK_KEY_PREFIX = 'link:';

export function linkKey(domainId: number, code: string): string {
  return `${LINK_KEY_PREFIX}${domainId}:${code.toLowerCase()}`;
}

/** A job was sent to a queue: workers of every process fetch it at once (lib/jobs/job-system.ts). */
export const JOB_KEY_PREFIX = 'job:';

export function jobKey(queue: string): string {
  return `${JOB_KEY_PREFIX}${queue}`;
}

export type Listener = (key: string) => void;

/** Carries keys between instances. */
export interface Transport {
  publish(key: string): Promise<void>;
  /** Sends `key` as part of the transaction `tx` (delivered at its commit), when the transport can. */
  publishIn?(tx: Tx, key: string): Promise<void>;
  /** The NOTIFY channel when keys travel over PostgreSQL NOTIFY, so a single statement can send one itself. */
  notifyChannel?: string;
  /** Calls `onKey` for every key published anywhere (including here), ALL_KEYS after a reconnect. */
  start(onKey: Listener): Promise<void>;
  close(): Promise<void>;
}

/**
 * Messages on the wire are "<origin>|<key>". A process delivers its own keys at once when it
 * publishes them, so it ignores their echo: arriving later, the echo would drop an entry that was
 * loaded fresh after the write, and with it the redirects counted on it (max_clicks) but not yet
 * written. A message without an origin (a reconnect's ALL_KEYS) is a bare key.
 */
const SEP = '|';

export class InvalidationBus {
  private listeners = new Set<Listener>();
  private readonly origin = randomUUID();
  private transport: Transport | undefined;
  /** Sends not finished yet: close() gives them a moment, so a short-lived CLI write is heard. */
  private sending = new Set<Promise<void>>();

  /**
   * After the commit: delivers `key` to this process's listeners at once and sends it to other
   * instances without waiting; a failed send is logged, never thrown. `sentInTransaction`: the
   * committed transaction called publishIn(tx, key), so a transport that sends that way is done.
   */
  publish(key: string, opts: { sentInTransaction?: boolean } = {}): void {
    this.deliver(key);
    const transport = this.transport;
    if (!transport || (opts.sentInTransaction && transport.publishIn)) return;
    const sent = transport
      .publish(this.origin + SEP + key)
      .catch((err: unknown) => {
        logger().error({ err, key }, 'cache invalidation not sent to other instances; their entry heals within CACHE_TTL_MS');
      })
      .finally(() => this.sending.delete(sent));
    this.sending.add(sent);
  }

  /**
   * Inside the writing transaction: on PostgreSQL (NOTIFY) the message commits or rolls back with
   * the write. Transports that cannot (Redis) send nothing here; publish() after the commit does.
   */
  async publishIn(tx: Tx, key: string): Promise<void> {
    await this.transport?.publishIn?.(tx, this.origin + SEP + key);
  }

  /**
   * What a single writing statement on the database passes to pg_notify so that the message commits
   * with it, when the transport carries keys that way (PostgreSQL NOTIFY); undefined otherwise (Redis,
   * or one process on PGlite). After the commit, call publish(key, { sentInTransaction: true }).
   */
  statementNotify(key: string): { channel: string; payload: string } | undefined {
    const channel = this.transport?.publishIn ? this.transport.notifyChannel : undefined;
    return channel === undefined ? undefined : { channel, payload: this.origin + SEP + key };
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async useTransport(transport: Transport): Promise<void> {
    await transport.start((message) => {
      const i = message.indexOf(SEP);
      if (i === -1) return this.deliver(message);
      if (message.slice(0, i) !== this.origin) this.deliver(message.slice(i + 1));
    });
    this.transport = transport;
  }

  /** Waits up to `graceMs` for sends in flight, then closes the transport. */
  async close(graceMs = 2_000): Promise<void> {
    const t = this.transport;
    this.transport = undefined;
    if (this.sending.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(this.sending), new Promise((r) => (timer = setTimeout(r, graceMs)))]);
      clearTimeout(timer);
    }
    await t?.close();
  }

  private deliver(key: string) {
    for (const listener of this.listeners) {
      try {
        listener(key);
      } catch (err) {
        logger().error({ err, key }, 'cache invalidation listener failed');
      }
    }
  }
}

/** The process-wide bus (shared by server.ts and Next route handlers). */
export function invalidationBus(): InvalidationBus {
  // In the registry: it listens on one database or Redis; a test's next start makes it afresh.
  return globalSingleton('invalidationBus', () => new InvalidationBus());
}
