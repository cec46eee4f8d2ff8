// Keep-alive connections for webhook POSTs: kept per endpoint, and every new connection goes
// through the address check (here: a resolver the test controls, pointing a name at loopback).
import { lookup, type LookupAddress } from 'node:dns';
import { afterEach, expect, test } from 'vitest';
import { endpointAgents, type EndpointAgents } from '../../../lib/webhooks/endpoint-agents';
import { postWebhook } from '../../../lib/webhooks/post-webhook';
import { startReceiver, type Receiver } from '../../helpers/webhook-receiver';

let agents: EndpointAgents | undefined;
let rx: Receiver | undefined;
afterEach(async () => {
  agents?.destroy();
  await rx?.close();
});

/** Resolves hooks.test to 127.0.0.1 and counts the lookups; other names as the system does. */
function countingResolver() {
  const names: string[] = [];
  const resolve = ((hostname: string, options: object, callback: (err: Error | null, addresses: LookupAddress[]) => void) => {
    names.push(hostname);
    if (hostname === 'hooks.test') return callback(null, [{ address: '127.0.0.1', family: 4 }]);
    return lookup(hostname, { ...options, all: true }, callback);
  }) as unknown as typeof lookup;
  return { resolve, names };
}

const post = (url: string, a: EndpointAgents, allowPrivate = true) =>
  postWebhook(url, '{}', { 'webhook-id': 'evt_x' }, { timeoutMs: 2_000, allowPrivate, agents: a });

test('POSTs to one endpoint reuse connections; each new connection is resolved and checked again', async () => {
  rx = await startReceiver();
  const { resolve, names } = countingResolver();
  agents = endpointAgents({ allowPrivate: true, socketsPerEndpoint: 3, resolve });
  const url = `http://hooks.test:${rx.port}/hook`;
  for (let i = 0; i < 5; i++) expect(await post(url, agents)).toMatchObject({ ok: true, statusCode: 204 });
  expect(rx.connections).toBe(1);
  expect(names).toEqual(['hooks.test']);

  const together = await Promise.all(Array.from({ length: 6 }, () => post(url, agents!)));
  expect(together.every((r) => r.ok)).toBe(true);
  expect(rx.connections).toBeLessThanOrEqual(3); // at most socketsPerEndpoint
  expect(names).toHaveLength(rx.connections);

  // The endpoint drops its connections: the next POST makes a new one, looked up and checked again.
  await rx.down();
  await rx.up();
  const before = names.length;
  expect(await post(url, agents)).toMatchObject({ ok: true });
  expect(names).toHaveLength(before + 1);
  expect(rx.received).toHaveLength(12);
});

test('without WEBHOOKS_ALLOW_PRIVATE a name resolving to loopback is refused on every new connection', async () => {
  rx = await startReceiver();
  const { resolve, names } = countingResolver();
  agents = endpointAgents({ allowPrivate: false, socketsPerEndpoint: 2, resolve });
  const url = `http://hooks.test:${rx.port}/hook`;
  for (let i = 0; i < 2; i++) {
    expect(await post(url, agents, false)).toMatchObject({ ok: false, statusCode: null, error: 'hooks.test resolves to a non-public address (127.0.0.1)' });
  }
  expect(names).toEqual(['hooks.test', 'hooks.test']);
  expect(rx.connections).toBe(0);
  expect(rx.received).toHaveLength(0);
});
