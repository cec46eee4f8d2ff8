// Webhook delivery at volume, against every database: an endpoint's share of a worker's slots,
// attempts recorded many per statement with the same outcome as one by one, and the outbox's
// retention. Real receivers on loopback.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { pruneEvents } from '../../../lib/events/prune-events';
import { createLink } from '../../../lib/links/create-link';
import { claimDueDeliveries } from '../../../lib/webhooks/deliveries';
import { getDelivery, listDeliveries } from '../../../lib/webhooks/delivery-log';
import { startWebhookDispatcher, type Dispatcher, type DispatcherOptions } from '../../../lib/webhooks/dispatcher';
import { fanOutEvents } from '../../../lib/webhooks/fan-out';
import { createWebhook, getWebhookOrThrow, type WebhookScope } from '../../../lib/webhooks/manage-webhooks';
import { recordAttempts, type AttemptOutcome } from '../../../lib/webhooks/record-attempts';
import { suiteDatabase, TEST_SECRET, type TestDatabase } from '../../helpers/databases';
import { openTestContext } from '../../helpers/open-test-handle';
import { until } from '../../helpers/until';
import { startReceiver, type Answer, type Receiver } from '../../helpers/webhook-receiver';
import { makeUser, type TestUser } from '../../helpers/workspace-fixtures';

describe(`webhook delivery in batches on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  const name = suiteDatabase.name;
  let tdb: TestDatabase;
  let ctx: Awaited<ReturnType<typeof openTestContext>>;
  let dispatcher: Dispatcher | undefined;
  const receivers: Receiver[] = [];
  let userN = 0;

  beforeAll(async () => {
    tdb = await makeDb();
    ctx = await openTestContext(tdb);
  });
  afterEach(async () => {
    for (const r of receivers.splice(0)) await r.close(); // first: hanging answers end, so the worker can stop
    await dispatcher?.stop();
    dispatcher = undefined;
  });
  afterAll(async () => {
    await ctx?.handle.close();
    await tdb?.drop();
  });

  async function owner(): Promise<WebhookScope & { owns: TestUser['owns'] }> {
    const user = await makeUser(ctx.handle.db, `whb-user-${name}-${++userN}`);
    return { db: ctx.handle.db, domains: ctx.domains, actor: user.actor, owns: user.owns, secretKey: TEST_SECRET, policy: { allowPrivate: true } };
  }

  async function subscribe(scope: WebhookScope, answer?: Answer) {
    const rx = await startReceiver([], answer);
    receivers.push(rx);
    const { webhook, secret } = await createWebhook(scope, { url: rx.url, events: ['link.created'] });
    rx.secrets.push(secret);
    return { webhook, rx };
  }

  function start(opts: Partial<DispatcherOptions> = {}) {
    dispatcher = startWebhookDispatcher(ctx.handle, {
      secretKey: TEST_SECRET,
      allowPrivate: true,
      timeoutMs: 2_000,
      retrySchedule: [0.2],
      disableAfterFailures: 50,
      disableAfterHours: 120,
      concurrency: 8,
      endpointConcurrency: 8,
      pollMs: 100,
      notifyDisabled: async () => {},
      ...opts,
    });
  }

  test('an endpoint that never answers holds at most its share of the slots; another endpoint gets every delivery', async () => {
    const slowScope = await owner();
    const fastScope = await owner();
    const slow = await subscribe(slowScope, () => 'hang');
    const fast = await subscribe(fastScope);
    // The slow endpoint's events come first, so a worker taking the oldest due would give it every slot.
    for (let i = 0; i < 10; i++) await createLink({ url: `https://example.com/slow${i}`, ...slowScope.owns }, ctx);
    for (let i = 0; i < 10; i++) await createLink({ url: `https://example.com/fast${i}`, ...fastScope.owns }, ctx);
    start({ concurrency: 4, endpointConcurrency: 2, timeoutMs: 60_000 });
    await until('every delivery at the fast endpoint', async () => fast.rx.ids().size === 10, { timeoutMs: 20_000 });
    expect(fast.rx.received).toHaveLength(10);
    expect(slow.rx.received.length).toBeLessThanOrEqual(2);
    await until('the slow endpoint holding its share', async () => slow.rx.received.length === 2);
  });

  test('one endpoint: every delivery once, over kept connections, each attempt logged', async () => {
    const scope = await owner();
    const { webhook, rx } = await subscribe(scope);
    for (let i = 0; i < 60; i++) await createLink({ url: `https://example.com/many${i}`, ...scope.owns }, ctx);
    start({ concurrency: 8, endpointConcurrency: 4 });
    await until('60 deliveries', async () => rx.ids().size === 60);
    await until(
      'every attempt recorded',
      async () => (await listDeliveries(ctx.handle, webhook.id, { limit: 100, status: 'succeeded' })).deliveries.length === 60,
    );
    expect(rx.received).toHaveLength(60);
    expect(rx.connections).toBeLessThanOrEqual(4); // at most one per slot: connections are kept
    const [{ n }] = await ctx.handle.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.webhook_id = $1 AND a.succeeded`,
      [webhook.id],
    );
    expect(n).toBe(60);
  });

  test('deliveries claimed by a worker that died are sent by another once their lease ends, each once', async () => {
    const scope = await owner();
    const { webhook, rx } = await subscribe(scope);
    for (let i = 0; i < 6; i++) await createLink({ url: `https://example.com/orphan${i}`, ...scope.owns }, ctx);
    await fanOutEvents(ctx.handle);
    // The dead worker: it claimed them (a 1 s lease) and never sent or recorded anything.
    const orphans = (await claimDueDeliveries(ctx.handle, { limit: 100, leaseSeconds: 1, perEndpoint: 100 })).filter((c) => c.webhook_id === webhook.id);
    expect(orphans).toHaveLength(6);
    start({ concurrency: 4, endpointConcurrency: 2 });
    await until(
      'every orphan delivered',
      async () => (await listDeliveries(ctx.handle, webhook.id, { limit: 10, status: 'succeeded' })).deliveries.length === 6,
    );
    expect(rx.received).toHaveLength(6);
    expect(rx.ids().size).toBe(6);
    const attempts = await ctx.handle.query<{ n: number; tries: number }>(
      `SELECT count(a.id)::int AS n, max(d.attempts)::int AS tries FROM webhook_deliveries d LEFT JOIN webhook_attempts a ON a.delivery_id = d.id WHERE d.webhook_id = $1`,
      [webhook.id],
    );
    expect(attempts[0]).toEqual({ n: 6, tries: 2 }); // the dead worker's claim counted as a try, with nothing to log
  });

  test('an answer with NUL characters is logged without them', async () => {
    const scope = await owner();
    const { webhook, rx } = await subscribe(scope, () => ({ status: 200, body: 'ok\u0000done' }));
    await createLink({ url: 'https://example.com/nul', ...scope.owns }, ctx);
    start();
    const [d] = await until('the delivery done', async () => {
      const l = await listDeliveries(ctx.handle, webhook.id, { limit: 10, status: 'succeeded' });
      return l.deliveries.length > 0 && l.deliveries;
    });
    expect(rx.received).toHaveLength(1);
    expect((await getDelivery(ctx.handle, webhook, d.id)).attempts[0].response_body).toBe('okdone');
  });

  test('attempts recorded in one statement leave the endpoint as recording them one by one would', async () => {
    const scope = await owner();
    const { webhook } = await subscribe(scope);
    for (let i = 0; i < 5; i++) await createLink({ url: `https://example.com/batch${i}`, ...scope.owns }, ctx);
    await fanOutEvents(ctx.handle);
    const claims = (await claimDueDeliveries(ctx.handle, { limit: 100, leaseSeconds: 30, perEndpoint: 100 })).filter((c) => c.webhook_id === webhook.id);
    expect(claims).toHaveLength(5);
    const fail: AttemptOutcome = { ok: false, statusCode: 500, durationMs: 3, error: 'answered 500', body: '' };
    const ok: AttemptOutcome = { ok: true, statusCode: 204, durationMs: 2, error: null, body: '' };
    const limits = { disableAfterFailures: 2, disableAfterHours: 120 };
    // failed, failed (2 in a row: would disable), success (resets), failed, retrying.
    const result = await recordAttempts(
      ctx.handle,
      [
        { claim: claims[0], outcome: fail, retryInSeconds: null },
        { claim: claims[1], outcome: fail, retryInSeconds: null },
        { claim: claims[2], outcome: ok, retryInSeconds: null },
        { claim: claims[3], outcome: fail, retryInSeconds: null },
        { claim: claims[4], outcome: fail, retryInSeconds: 60 },
      ],
      limits,
    );
    expect(result).toEqual([{ webhook_id: webhook.id, disable_because: null }]);
    const w = await getWebhookOrThrow(ctx.handle.db, scope.actor, webhook.id);
    expect(w).toMatchObject({ enabled: true, consecutiveFailures: 1 });
    expect(w.failingSince).not.toBeNull();
    expect(w.lastSuccessAt).not.toBeNull();
    const log = await listDeliveries(ctx.handle, webhook.id, { limit: 10 });
    expect(log.deliveries.map((d) => d.status).sort()).toEqual(['failed', 'failed', 'failed', 'pending', 'succeeded']);
    // One more failure in a row reaches the limit.
    const again = await ctx.handle.query<{ id: string }>(`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE id = $1 RETURNING id`, [claims[4].id]);
    expect(again).toHaveLength(1);
    const [retry] = (await claimDueDeliveries(ctx.handle, { limit: 100, leaseSeconds: 30, perEndpoint: 100 })).filter((c) => c.webhook_id === webhook.id);
    await expect(recordAttempts(ctx.handle, [{ claim: retry, outcome: fail, retryInSeconds: null }], limits)).resolves.toEqual([
      { webhook_id: webhook.id, disable_because: '2 deliveries failed in a row' },
    ]);
  });

  test('events.prune: old dispatched events leave the outbox; waiting ones, recent ones and those in a delivery log stay', async () => {
    const scope = await owner();
    const { webhook } = await subscribe(scope);
    const logged = await createLink({ url: 'https://example.com/logged', ...scope.owns }, ctx);
    await fanOutEvents(ctx.handle); // logged's link.created now has a delivery
    const ws = scope.actor.workspaceId;
    await ctx.handle.query(
      `INSERT INTO events (id, type, workspace_id, data, occurred_at, dispatched_at) VALUES
         ('evt_old_a_${name}', 'link.clicked', $1, '{}', now() - interval '40 days', now() - interval '40 days'),
         ('evt_old_b_${name}', 'link.updated', $1, '{}', now() - interval '31 days', now() - interval '31 days'),
         ('evt_recent_${name}', 'link.updated', $1, '{}', now() - interval '29 days', now() - interval '29 days'),
         ('evt_waiting_${name}', 'link.updated', $1, '{}', now() - interval '40 days', NULL)`,
      [ws],
    );
    await ctx.handle.query(
      `UPDATE events SET occurred_at = now() - interval '50 days', dispatched_at = now() - interval '50 days' WHERE workspace_id = $1 AND link_id = $2`,
      [ws, logged.id],
    );
    expect(await pruneEvents(ctx.handle, 30, 1)).toBe(2);
    const left = await ctx.handle.query<{ id: string; type: string }>(`SELECT id, type FROM events WHERE workspace_id = $1 ORDER BY seq`, [ws]);
    expect(left.map((e) => e.id)).toEqual([expect.stringMatching(/^evt_/), `evt_recent_${name}`, `evt_waiting_${name}`]);
    expect(left[0].type).toBe('link.created');
    expect((await listDeliveries(ctx.handle, webhook.id, { limit: 10 })).deliveries).toHaveLength(1);
  });
});
