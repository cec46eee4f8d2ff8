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
      expect(sent).toEqual([expect.stringMatching(/^[0-9a-f-]{36}\|link:1:abc$/)]);
      // A rejected send is caught (an unhandled rejection would fail this test run).
      await new Promise((r) => setImmediate(r));
    }
  });

  test('close() lets a send in flight finish (a CLI write exits right after it), but not for ever', async () => {
    let finish!: () => void;
    const sent: string[] = [];
    const slow: Transport = { ...failingTransport('hang'), publish: (key) => new Promise((r) => (finish = () => (sent.push(key), r()))) };
    const bus = new InvalidationBus();
    await bus.useTransport(slow);
    bus.publish('link:1:abc');
    const closed = bus.close();
    finish();
    await closed;
    expect(sent).toEqual([expect.stringMatching(/\|link:1:abc$/)]);

    const stuck = new InvalidationBus();
    await stuck.useTransport(failingTransport('hang'));
    stuck.publish('link:1:abc');
    await stuck.close(50); // returns although the send never settles
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
    expect(sentIn).toEqual([expect.stringMatching(/\|link:1:abc$/)]);
    expect(sentAfter).toEqual([]);

    const plain: string[] = [];
    const redisLike = new InvalidationBus();
    await redisLike.useTransport(failingTransport('hang', plain));
    await redisLike.publishIn({} as Tx, 'link:1:abc');
    redisLike.publish('link:1:abc', { sentInTransaction: true });
    expect(plain).toEqual([expect.stringMatching(/\|link:1:abc$/)]);
  });

  test('an instance ignores the echo of its own keys (delivered at publish) but hears other instances and bare keys', async () => {
    let onMessage!: (message: string) => void;
    const wire: string[] = [];
    // One shared channel, as NOTIFY and Redis pub/sub are: every message reaches every subscriber, the sender too.
    const channel = (): Transport => ({
      start: async (on) => void (onMessage = on),
      close: async () => {},
      publish: async (message) => void wire.push(message),
    });
    const a = new InvalidationBus();
    const b = new InvalidationBus();
    await a.useTransport(channel());
    const toA = onMessage;
    await b.useTransport(channel());
    const toB = onMessage;
    const seenA: string[] = [];
    const seenB: string[] = [];
    a.subscribe((k) => seenA.push(k));
    b.subscribe((k) => seenB.push(k));
    a.publish('link:1:abc');
    await new Promise((r) => setImmediate(r));
    for (const message of wire) {
      toA(message);
      toB(message);
    }
    expect(seenA).toEqual(['link:1:abc']);
    expect(seenB).toEqual(['link:1:abc']);
    toA('*');
    expect(seenA).toEqual(['link:1:abc', '*']);
  });
});
