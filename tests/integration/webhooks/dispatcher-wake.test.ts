// Webhook workers wait for work instead of polling for it (issue 35, an idle server that sleeps): with
// their poll at 60 s, longer than any wait here, a recorded event is delivered at once (the database's
// `sling_events` notification wakes them), a failed delivery is retried at its due time (the worker
// times its own retries), and a resend or a test event is sent at once. On both databases with Sling
// in the test process; on PostgreSQL also with the worker in a process of its own, woken by what the
// app process records.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { describeOnPostgres, suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { startSling, type SlingProcess } from '../../helpers/sling-process';
import { until } from '../../helpers/until';
import { startReceiver, type Receiver } from '../../helpers/webhook-receiver';

const QUIET = { WEBHOOKS_POLL_MS: '60000', WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOKS_RETRY_SCHEDULE: '0.5' };

async function register(api: ApiClient, rx: Receiver) {
  const res = await api.call('createWebhook', { body: { url: rx.url, events: ['link.created'] } });
  expect(res.status).toBe(201);
  rx.secrets.push(res.json.secret);
  return res.json.webhook.id as string;
}

/** Deliveries arrive within 20 s, a third of the 60 s poll: only a wake explains them. */
const arrives = (what: string, rx: Receiver, n: number) => until(what, async () => rx.received.length >= n, { timeoutMs: 20_000 });

/**
 * The delivery log once the worker has recorded every answer: the receiver has an answer before the
 * worker writes it down, and a resend of a delivery still pending is refused (400).
 */
const recordedLog = (api: ApiClient, id: string) =>
  until('the deliveries to be recorded', async () => {
    const log = (await api.call('listDeliveries', { params: { id } })).json as { deliveries: Array<{ id: string; status: string }> };
    return log.deliveries.length > 0 && log.deliveries.every((d) => d.status !== 'pending') && log;
  });

describe(`webhook workers are woken, not polled (${suiteDatabase.name})`, () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    sling = await startInProcessSling({ ...tdb.env, ...QUIET });
    api = apiClient(inProcess(sling), { token: await sling.seed.userWithToken('wake@example.com', { plan: 'enterprise' }) });
  });
  afterAll(async () => {
    await sling?.close();
    await Promise.all(receivers.map((r) => r.close()));
    await tdb?.drop();
  });

  test('a new event is sent at once, its retry at its due time, a resend and a test event at once', async () => {
    // The first answer fails: the retry (0.5 s later) must come without a poll.
    const rx = await startReceiver([], (_r, n) => ({ status: n === 1 ? 500 : 204 }));
    receivers.push(rx);
    const id = await register(api, rx);
    expect((await api.call('createLink', { body: { url: 'https://example.com/woken', alias: 'woken' } })).status).toBe(201);
    await arrives('the first attempt', rx, 1);
    await arrives('the retry', rx, 2);
    expect(rx.received.map((r) => [r.payload.event, r.verified])).toEqual([
      ['link.created', true],
      ['link.created', true],
    ]);
    expect(rx.received[1].id).toBe(rx.received[0].id);

    const log = await recordedLog(api, id);
    expect((await api.call('resendDelivery', { params: { id, deliveryId: log.deliveries[0].id } })).status).toBe(202);
    await arrives('the resend', rx, 3);
    expect((await api.call('testWebhook', { params: { id } })).status).toBe(202);
    await arrives('the test event', rx, 4);
    expect(rx.received[3].payload.event).toBe('webhook.test');
  });

  describeOnPostgres('with the worker in a process of its own', () => {
    test('what the app process records wakes the worker process', async () => {
      // The in-process Sling above runs a worker loop too: this one is an app alone, beside a worker.
      await sling.close();
      const rx = await startReceiver();
      receivers.push(rx);
      const env = { ...tdb.env, ...QUIET };
      let worker: SlingProcess | undefined;
      try {
        worker = await startSling(env, ['--role', 'worker']);
        sling = await startInProcessSling(env, { role: 'app' });
        api = apiClient(inProcess(sling), { token: await sling.seed.token('wake@example.com') });
        const id = await register(api, rx);
        expect((await api.call('createLink', { body: { url: 'https://example.com/apart', alias: 'apart' } })).status).toBe(201);
        await arrives('the event, from the worker process', rx, 1);
        expect(rx.received[0].payload.data).toMatchObject({ short_code: 'apart' });
        const log = await recordedLog(api, id);
        expect((await api.call('resendDelivery', { params: { id, deliveryId: log.deliveries[0].id } })).status).toBe(202);
        await arrives('the resend, from the worker process', rx, 2);
      } finally {
        await worker?.stop();
      }
    });
  });
});
