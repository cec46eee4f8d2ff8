// Cache invalidation across instances: a write publishes a key; every instance (this one at once,
// others through Postgres NOTIFY or Redis pub/sub) drops its cached entry.
import { globalSingleton } from '../runtime/global-singleton';

export const CHANNEL = 'sling_invalidate';
/** Published when a subscription was lost and messages may have been missed: drop everything. */
export const ALL_KEYS = '*';
export const DOMAINS_KEY = 'domains';

export function linkKey(domainId: number, code: string): string {
  return `link:${domainId}:${code.toLowerCase()}`;
}

export type Listener = (key: string) => void;

/** Carries keys between instances. */
export interface Transport {
  publish(key: string): Promise<void>;
  /** Calls `onKey` for every key published anywhere (including here), ALL_KEYS after a reconnect. */
  start(onKey: Listener): Promise<void>;
  close(): Promise<void>;
}

export class InvalidationBus {
  private listeners = new Set<Listener>();
  private transport: Transport | undefined;

  /** Delivers a key to this process's listeners immediately, and to other instances. */
  async publish(key: string): Promise<void> {
    this.deliver(key);
    await this.transport?.publish(key);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async useTransport(transport: Transport): Promise<void> {
    await transport.start((key) => this.deliver(key));
    this.transport = transport;
  }

  async close(): Promise<void> {
    const t = this.transport;
    this.transport = undefined;
    await t?.close();
  }

  private deliver(key: string) {
    for (const listener of this.listeners) listener(key);
  }
}

/** The process-wide bus (shared by server.ts and Next route handlers). */
export function invalidationBus(): InvalidationBus {
  return globalSingleton('invalidationBus', () => new InvalidationBus());
}

