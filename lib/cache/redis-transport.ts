// Invalidation over Redis pub/sub (when REDIS_URL is set). ioredis reconnects by itself; on each
// re-subscription everything cached is dropped, as messages may have been missed meanwhile.
import { Redis } from 'ioredis';
import { ALL_KEYS, CHANNEL, type Transport } from './invalidation-bus';

export function redisTransport(redisUrl: string, prefix: string): Transport {
  const channel = `${prefix}:${CHANNEL}`;
  const pub = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const sub = new Redis(redisUrl, { lazyConnect: true });
  pub.on('error', () => {});
  sub.on('error', () => {});
  return {
    start: async (onKey) => {
      await Promise.all([pub.connect(), sub.connect()]);
      let ready = 0;
      sub.on('ready', () => ready++ > 0 && onKey(ALL_KEYS));
      ready = 1;
      sub.on('message', (_channel, key) => onKey(key));
      await sub.subscribe(channel);
    },
    publish: async (key) => {
      await pub.publish(channel, key);
    },
    close: async () => {
      sub.disconnect();
      pub.disconnect();
    },
  };
}
