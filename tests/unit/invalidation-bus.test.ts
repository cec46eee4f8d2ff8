import { describe, expect, test } from 'vitest';
import { InvalidationBus, type Transport } from '../../lib/cache/invalidation-bus';
import type { Tx } from '../../lib/db/types';

/** A transport whose sends fail the way ioredis does when Redis is gone, or never settle. */
function failingTransport(mode: 'reject' | 'hang', sent: string[] = []): Transport {
  return {
    start: async () => {},
    close: async () => {},
    publish: (key) => {
      sent.push(key);
      return mode === 'reject' ? Promise.reject(new Error('Reached the max retries per request limit (which is 2).')) : new Promise(() => {});
    },
  };
}

describe('InvalidationBus', () => {
  test('publish delivers here at once and neither throws nor waits when the transport fails', async () => {
    for (const mode of ['reject', 'hang'] as const) {
      const bus = new InvalidationBus();
      const sent: string[] = [];
      await bus.useTransport(failingTransport(mode, sent));
      const seen: string[] = [];
      bus.subscribe((key) => seen.push(key));
      expect(bus.publish('link:1:abc')).toBeUndefined(); // not a promise a caller could await
      expect(seen).toEqual(['link:1:abc']);
      expect(sent).toEqual(['link:1:abc']);
      // A rejected send is caught (an unhandled rejection would fail this test run).
      await new Promise((r) => setImmediate(r));
    }
  });

  test('a key sent with the transaction is not sent again after the commit; Redis-like transports send it then', async () => {
    const sentAfter: string[] = [];
    const sentIn: string[] = [];
    const transactional: Transport = {
      ...failingTransport('hang', sentAfter),
      publishIn: async (_tx, key) => void sentIn.push(key),
    };
    const bus = new InvalidationBus();
    await bus.useTransport(transactional);
    await bus.publishIn({} as Tx, 'link:1:abc');
    bus.publish('link:1:abc', { sentInTransaction: true });
    expect(sentIn).toEqual(['link:1:abc']);
    expect(sentAfter).toEqual([]);

    const plain: string[] = [];
    const redisLike = new InvalidationBus();
    await redisLike.useTransport(failingTransport('hang', plain));
    await redisLike.publishIn({} as Tx, 'link:1:abc');
    redisLike.publish('link:1:abc', { sentInTransaction: true });
    expect(plain).toEqual(['link:1:abc']);
  });
});
