// Webhook delivery against every database, with the worker loop in the test process and a real
// receiver on loopback that verifies signatures with the `standardwebhooks` package.
import { parseWith } from '../../../lib/schemas/parse-input';
import { ZCreateSignedWebhook, ZWebhookUrlShape } from '../../../lib/webhooks/webhook-schema';
import { SYSTEM_WORKSPACE_ID } from '../../../db/schema';
import { makeUser, type TestUser } from '../../helpers/workspace-fixtures';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { links, webhooks } from '../../../db/schema';
import { createClickEnricher } from '../../../lib/analytics/enrich-click';
import { openGeoIp } from '../../../lib/analytics/geoip';
import { clickWriter } from '../../../lib/edge/write-clicks';
import { recordEvent } from '../../../lib/events/record-event';
import { createLink } from '../../../lib/links/create-link';
import { deleteLink } from '../../../lib/links/delete-link';
import { expireDueLinks } from '../../../lib/links/expire-due-links';
import { serializeLink } from '../../../lib/links/serialize-link';
import { updateLink } from '../../../lib/links/update-link';
import { claimDueDeliveries, pruneDeliveries } from '../../../lib/webhooks/deliveries';
import { recordAttempts } from '../../../lib/webhooks/record-attempts';
import { fanOutEvents } from '../../../lib/webhooks/fan-out';
import { getDelivery, listDeliveries, resendDelivery, sendTestEvent } from '../../../lib/webhooks/delivery-log';
import { startWebhookDispatcher, type Dispatcher, type DispatcherOptions } from '../../../lib/webhooks/dispatcher';
import { createWebhook, getWebhookOrThrow, rotateWebhookSecret, updateWebhook, type WebhookScope } from '../../../lib/webhooks/manage-webhooks';
import { AGENTS } from '../../helpers/agents';
import { suiteDatabase, TEST_SECRET, type TestDatabase } from '../../helpers/databases';
import { openTestContext } from '../../helpers/open-test-handle';
import { until } from '../../helpers/until';
import { startReceiver, type Receiver } from '../../helpers/webhook-receiver';
import { OPERATOR_SCOPE } from '../../../lib/tenancy/scope';

describe(`webhook delivery on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  const name = suiteDatabase.name;
  let tdb: TestDatabase;
  let ctx: Awaited<ReturnType<typeof openTestContext>>;
  let dispatcher: Dispatcher | undefined;
  let receiver: Receiver | undefined;
  const disabled: Array<{ email: string | null; url: string; reason: string }> = [];
  let userN = 0;

  beforeAll(async () => {
    tdb = await makeDb();
    ctx = await openTestContext(tdb);
  });
  afterEach(async () => {
    await dispatcher?.stop();
    dispatcher = undefined;
    await receiver?.close();
    receiver = undefined;
  });
  afterAll(async () => {
    await ctx?.handle.close();
    await tdb?.drop();
  });

  /** A fresh owner, so each test sees only its own events. */
  async function owner(): Promise<WebhookScope & { userId: string; owns: TestUser['owns'] }> {
    const user = await makeUser(ctx.handle.db, `wh-user-${name}-${++userN}`);
    return {
      db: ctx.handle.db,
      domains: ctx.domains,
      actor: user.actor,
      userId: user.userId,
      owns: user.owns,
      secretKey: TEST_SECRET,
      policy: { allowPrivate: true },
    };
  }

  function start(opts: Partial<DispatcherOptions> = {}) {
    dispatcher = startWebhookDispatcher(ctx.handle, {
      secretKey: TEST_SECRET,
      allowPrivate: true,
      timeoutMs: 2_000,
      retrySchedule: [0.2, 0.2, 0.2, 0.2, 0.2],
      disableAfterFailures: 50,
      disableAfterHours: 120,
      concurrency: 8,
      endpointConcurrency: 8,
      pollMs: 100,
      notifyDisabled: async (n) => void disabled.push(n),
      ...opts,
    });
    return dispatcher;
  }

  /**
   * Nothing more can reach `webhookId`'s endpoint: every event is fanned out and none of its
   * deliveries is waiting or in flight (a delivery leaves `pending` only once its attempt is recorded).
   */
  async function settled(webhookId: string): Promise<boolean> {
    const [row] = await ctx.handle.query<{ undispatched: number; pending: number }>(
      `SELECT (SELECT count(*) FROM events WHERE dispatched_at IS NULL)::int AS undispatched,
              (SELECT count(*) FROM webhook_deliveries WHERE webhook_id = $1 AND status = 'pending')::int AS pending`,
      [webhookId],
    );
    return row.undispatched === 0 && row.pending === 0;
  }

  async function subscribe(scope: WebhookScope, events: string[], extra: Record<string, unknown> = {}, answer?: Parameters<typeof startReceiver>[1]) {
    receiver = await startReceiver([], answer);
    const { webhook, secret } = await createWebhook(scope, {
      ...parseWith(ZCreateSignedWebhook.extend({ url: ZWebhookUrlShape }), { url: receiver.url, events, ...extra }),
      url: receiver.url,
    });
    receiver.secrets.push(secret);
    return { webhook, secret, receiver };
  }

  test('every event type arrives once, signed, with the documented payload', async () => {
    const scope = await owner();
    const {
      webhook,
      secret,
      receiver: rx,
    } = await subscribe(scope, ['link.created', 'link.updated', 'link.deleted', 'link.clicked', 'link.expired', 'domain.verified']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const [stored] = await ctx.handle.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(stored.secretCiphertext).not.toContain(secret.slice(6)); // encrypted at rest
    start();

    const link = await createLink({ url: 'https://example.com/a', alias: `hook-${name}`, ...scope.owns }, ctx);
    const edited = await updateLink(link, { url: 'https://example.com/b' }, ctx, OPERATOR_SCOPE);
    await clickWriter(
      ctx.handle,
      createClickEnricher({ secret: 'x', geo: openGeoIp(), storeIp: false }),
    )([
      { linkId: link.id, at: Date.now(), ip: '8.8.8.8', userAgent: AGENTS.iphone, referrer: 'https://news.ycombinator.com/item?id=1', trigger: 'qr' },
      { linkId: link.id, at: Date.now(), ip: '66.249.66.1', userAgent: AGENTS.googlebot, referrer: undefined }, // bots send nothing
    ]);
    const due = await createLink({ url: 'https://example.com/due', ...scope.owns }, ctx);
    await ctx.handle.db.update(links).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(links.id, due.id));
    await expireDueLinks(ctx);
    await deleteLink(edited, ctx, OPERATOR_SCOPE);
    await recordEvent(ctx.handle.db, {
      type: 'domain.verified',
      workspaceId: scope.actor.workspaceId,
      data: { domain: { id: ctx.domains.defaultDomain.id, hostname: 'sl.ing' } },
    });
    // Someone else's link: not theirs to receive.
    await createLink({ url: 'https://example.com/other', workspaceId: SYSTEM_WORKSPACE_ID }, ctx);

    await until('7 deliveries', async () => rx.received.length >= 7);
    await until('every event fanned out and every delivery done', () => settled(webhook.id));
    expect(rx.received).toHaveLength(7);
    expect(rx.received.every((r) => r.verified)).toBe(true);
    const byEvent = (e: string) => rx.received.filter((r) => r.payload.event === e).map((r) => r.payload);
    expect(rx.received.map((r) => r.payload.event).sort()).toEqual([
      'domain.verified',
      'link.clicked',
      'link.created',
      'link.created',
      'link.deleted',
      'link.expired',
      'link.updated',
    ]);
    for (const r of rx.received) {
      expect(r.id).toBe(r.payload.id);
      expect(r.payload.id).toMatch(/^evt_[0-9a-f]{32}$/);
      expect(r.payload.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(r.headers['content-type']).toBe('application/json');
      expect(Math.abs(Number(r.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    }
    expect(byEvent('link.created').find((p) => p.data.id === link.id)!.data).toEqual(serializeLink(link, ctx.domains));
    expect(byEvent('link.updated')[0].data).toMatchObject({ id: link.id, long_url: 'https://example.com/b' });
    expect(byEvent('link.deleted')[0].data).toMatchObject({ id: link.id, short_code: `hook-${name}` });
    expect(byEvent('link.expired')[0].data).toMatchObject({ id: due.id, status: 'expired', reason: 'expiration' });
    expect(byEvent('domain.verified')[0].data).toEqual({ domain: { id: ctx.domains.defaultDomain.id, hostname: 'sl.ing' } });
    expect(byEvent('link.clicked')[0].data).toEqual({
      link_id: link.id,
      short_code: `hook-${name}`,
      long_url: 'https://example.com/b',
      trigger: 'qr',
      visitor: {
        country: 'US',
        region: expect.any(String),
        city: expect.any(String),
        device: 'mobile',
        browser: 'Mobile Safari',
        os: 'iOS',
        referrer: 'https://news.ycombinator.com/item?id=1',
        referrer_host: 'news.ycombinator.com',
      },
    });

    const log = await listDeliveries(ctx.handle, webhook.id, { limit: 50 });
    expect(log.deliveries).toHaveLength(7);
    expect(log.deliveries.every((d) => d.status === 'succeeded' && d.attempts === 1 && d.last_attempt?.status_code === 204)).toBe(true);
  });

  test('only subscribed types and matching link filters are delivered', async () => {
    const scope = await owner();
    const keep = await createLink({ url: 'https://example.com/keep', ...scope.owns }, ctx);
    // An event from a minute before the webhook existed (still waiting for fan-out) is not for it.
    await ctx.handle.query(
      `INSERT INTO events (id, type, occurred_at, workspace_id, link_id, data) VALUES ('evt_before_' || $1, 'link.updated', now() - interval '1 minute', $2, $3, '{}')`,
      [name, scope.actor.workspaceId, keep.id],
    );
    const { webhook, receiver: rx } = await subscribe(scope, ['link.updated'], { link_id: keep.id });
    start();
    const other = await createLink({ url: 'https://example.com/other', ...scope.owns }, ctx);
    await updateLink(other, { url: 'https://example.com/other2' }, ctx, OPERATOR_SCOPE);
    await updateLink(keep, { url: 'https://example.com/keep2' }, ctx, OPERATOR_SCOPE);
    await until('the update', async () => rx.received.length >= 1);
    await until('every event fanned out and every delivery done', () => settled(webhook.id));
    expect(rx.received.map((r) => [r.payload.event, r.payload.data.id])).toEqual([['link.updated', keep.id]]);
  });

  test('a receiver failing the first 3 attempts gets the event once as a success, with 4 attempts logged', async () => {
    const scope = await owner();
    const { webhook, receiver: rx } = await subscribe(scope, ['link.created'], {}, (_r, n) =>
      n <= 3 ? { status: 503, body: `busy ${n}` } : { status: 200, body: 'ok' },
    );
    start();
    await createLink({ url: 'https://example.com/retry', ...scope.owns }, ctx);
    const [d] = await until('a success', async () => {
      const log = await listDeliveries(ctx.handle, webhook.id, { limit: 10 });
      return log.deliveries[0]?.status === 'succeeded' && log.deliveries;
    });
    expect(rx.received).toHaveLength(4);
    expect(new Set(rx.received.map((r) => r.id)).size).toBe(1); // the same webhook-id every time
    const { attempts } = await getDelivery(ctx.handle, webhook, d.id);
    expect(attempts.map((a) => [a.status_code, a.succeeded, a.error, a.response_body])).toEqual([
      [503, false, 'answered 503', 'busy 1'],
      [503, false, 'answered 503', 'busy 2'],
      [503, false, 'answered 503', 'busy 3'],
      [200, true, null, 'ok'],
    ]);
    expect(d.attempts).toBe(4);
    const fresh = await getWebhookOrThrow(ctx.handle.db, scope.actor, webhook.id);
    expect(fresh.failingSince).toBeNull();
    expect(fresh.lastSuccessAt).not.toBeNull();
  });

  test('out of retries the delivery is failed; a manual resend tries once more; the test event is delivered once', async () => {
    const scope = await owner();
    let healthy = false;
    const { webhook, receiver: rx } = await subscribe(scope, ['link.created'], {}, () => (healthy ? { status: 202 } : { status: 500 }));
    start({ retrySchedule: [0.1, 0.1] });
    await createLink({ url: 'https://example.com/fail', ...scope.owns }, ctx);
    const [d] = await until('a failed delivery', async () => {
      const log = await listDeliveries(ctx.handle, webhook.id, { limit: 10, status: 'failed' });
      return log.deliveries.length > 0 && log.deliveries;
    });
    expect(d.attempts).toBe(3);
    expect(d.last_attempt).toMatchObject({ status_code: 500, succeeded: false });
    healthy = true;
    const queued = await resendDelivery(ctx.handle, { id: webhook.id, enabled: true }, d.id);
    expect(queued.status).toBe('pending');
    await until('the resend', async () => (await getDelivery(ctx.handle, webhook, d.id)).delivery.status === 'succeeded');
    expect(rx.received).toHaveLength(4);
    await expect(resendDelivery(ctx.handle, { id: webhook.id, enabled: true }, 'whd_nope')).rejects.toMatchObject({ code: 'not_found' });

    const testDelivery = await sendTestEvent(ctx.handle, { id: webhook.id, workspaceId: scope.actor.workspaceId, enabled: true });
    // Recorded as succeeded once the receiver has answered (so it has the request by then).
    await until('the test event', async () => (await getDelivery(ctx.handle, webhook, testDelivery.id)).delivery.status === 'succeeded');
    const t = rx.received.find((r) => r.payload.event === 'webhook.test')!;
    expect(t.verified).toBe(true);
    expect(t.payload.data).toEqual({ webhook_id: webhook.id, message: 'This is a test event from Sling.' });
  });

  test('rotation: both secrets sign for the grace period; without one only the new secret does', async () => {
    const scope = await owner();
    const { webhook, secret: oldSecret, receiver: rx } = await subscribe(scope, ['link.created']);
    start();
    const { secret: newSecret } = await rotateWebhookSecret(scope, webhook.id);
    expect(newSecret).not.toBe(oldSecret);
    rx.secrets.splice(0, rx.secrets.length, oldSecret); // a receiver not yet updated…
    await createLink({ url: 'https://example.com/rot1', ...scope.owns }, ctx);
    await until('delivery 1', async () => rx.received.length >= 1);
    expect(rx.received[0].verified).toBe(true);
    expect(rx.received[0].headers['webhook-signature'].split(' ')).toHaveLength(2);
    rx.secrets.splice(0, 1, newSecret); // …and one that is
    await createLink({ url: 'https://example.com/rot2', ...scope.owns }, ctx);
    await until('delivery 2', async () => rx.received.length >= 2);
    expect(rx.received[1].verified).toBe(true);

    // Rotating without a grace period: the previous secret (newSecret) stops signing at once.
    const { secret: third } = await rotateWebhookSecret(scope, webhook.id, 0);
    rx.secrets.splice(0, rx.secrets.length, newSecret);
    await createLink({ url: 'https://example.com/rot3', ...scope.owns }, ctx);
    await until('delivery 3', async () => rx.received.length >= 3);
    const d3 = rx.received[2];
    expect(d3.headers['webhook-signature'].split(' ')).toHaveLength(1);
    expect(d3.verified).toBe(false);
    expect(() => new Webhook(third).verify(d3.body, d3.headers)).not.toThrow();
  });

  test('a secret rotated while the worker runs signs the next delivery, not the key the worker opened before', async () => {
    const scope = await owner();
    const { webhook, secret: first, receiver: rx } = await subscribe(scope, ['link.created']);
    start();
    await createLink({ url: 'https://example.com/key1', ...scope.owns }, ctx);
    await until('delivery 1', async () => rx.received.length >= 1);
    expect(rx.received[0].verified).toBe(true); // the worker now holds the first secret's key
    const { secret: second } = await rotateWebhookSecret(scope, webhook.id, 0);
    await createLink({ url: 'https://example.com/key2', ...scope.owns }, ctx);
    await until('delivery 2', async () => rx.received.length >= 2);
    const d2 = rx.received[1];
    expect(d2.headers['webhook-signature'].split(' ')).toHaveLength(1);
    expect(() => new Webhook(second).verify(d2.body, d2.headers)).not.toThrow();
    expect(() => new Webhook(first).verify(d2.body, d2.headers)).toThrow();
  });

  test('no redirects are followed, slow receivers time out, and only the first KiB of an answer is kept', async () => {
    const scope = await owner();
    const target = await startReceiver();
    const { webhook, receiver: rx } = await subscribe(scope, ['link.created'], {}, (r) => {
      const kind = new URL(r.payload.data.long_url).pathname;
      if (kind === '/redirect') return { status: 307, headers: { location: target.url } };
      if (kind === '/slow') return 'hang';
      return { status: 200, body: 'x'.repeat(200_000) };
    });
    start({ retrySchedule: [], timeoutMs: 500 });
    for (const path of ['/redirect', '/slow', '/big']) await createLink({ url: `https://example.com${path}`, ...scope.owns }, ctx);
    const log = await until('three finished deliveries', async () => {
      const l = await listDeliveries(ctx.handle, webhook.id, { limit: 10 });
      return l.deliveries.filter((d) => d.status !== 'pending').length === 3 && l.deliveries;
    });
    const byUrl = new Map(
      await Promise.all(
        log.map(async (d) => {
          const full = await getDelivery(ctx.handle, webhook, d.id);
          return [new URL((full.payload.data as { long_url: string }).long_url).pathname, full] as const;
        }),
      ),
    );
    expect(byUrl.get('/redirect')!.delivery.status).toBe('failed');
    expect(byUrl.get('/redirect')!.attempts[0]).toMatchObject({ status_code: 307, error: 'redirect (307) not followed' });
    expect(target.received).toHaveLength(0);
    expect(byUrl.get('/slow')!.attempts[0]).toMatchObject({ status_code: null, error: 'no answer within 0.5 s' });
    expect(byUrl.get('/big')!.delivery.status).toBe('succeeded');
    expect(byUrl.get('/big')!.attempts[0].response_body).toBe('x'.repeat(1024));
    expect(rx.received).toHaveLength(3);
    await target.close();
  });

  test('private targets are refused at connect time when not allowed (a name that now resolves to 127.0.0.1)', async () => {
    const scope = await owner();
    const { webhook, receiver: rx } = await subscribe(scope, ['link.created']);
    // Registered while it resolved elsewhere; now the name points at loopback (DNS rebinding).
    await ctx.handle.db
      .update(webhooks)
      .set({ url: `http://localhost:${rx.port}/hook` })
      .where(eq(webhooks.id, webhook.id));
    start({ allowPrivate: false, retrySchedule: [] });
    await createLink({ url: 'https://example.com/rebind', ...scope.owns }, ctx);
    const [d] = await until('the refused attempt', async () => {
      const l = await listDeliveries(ctx.handle, webhook.id, { limit: 10, status: 'failed' });
      return l.deliveries.length > 0 && l.deliveries;
    });
    expect(d.last_attempt!.error).toMatch(/^localhost resolves to a non-public address \((127\.0\.0\.1|::1)/);
    await ctx.handle.db
      .update(webhooks)
      .set({ url: `http://127.0.0.1:${rx.port}/hook` })
      .where(eq(webhooks.id, webhook.id));
    await resendDelivery(ctx.handle, { id: webhook.id, enabled: true }, d.id);
    await until('the second refusal', async () => (await getDelivery(ctx.handle, webhook, d.id)).attempts.length === 2);
    expect((await getDelivery(ctx.handle, webhook, d.id)).attempts[1].error).toBe('127.0.0.1 is a non-public address');
    expect(rx.received).toHaveLength(0);
  });

  test('an endpoint failing delivery after delivery is turned off and its owner told; its waiting deliveries resume when enabled', async () => {
    const scope = await owner();
    let healthy = false;
    const { webhook, receiver: rx } = await subscribe(scope, ['link.created'], {}, () => (healthy ? { status: 200 } : { status: 500 }));
    // The five events exist before the worker starts, so its first round fans all five out before
    // it sends anything: each has a delivery waiting when the endpoint is turned off. (An event
    // fanned out after that gets no delivery for it, however late the worker reached it.)
    for (let i = 0; i < 5; i++) await createLink({ url: `https://example.com/down${i}`, ...scope.owns }, ctx);
    start({ retrySchedule: [], disableAfterFailures: 3, concurrency: 1 });
    await until('the webhook turned off', async () => !(await getWebhookOrThrow(ctx.handle.db, scope.actor, webhook.id)).enabled);
    const off = await getWebhookOrThrow(ctx.handle.db, scope.actor, webhook.id);
    expect(off.disabledReason).toBe('Turned off by Sling: 3 deliveries failed in a row.');
    expect(disabled.filter((n) => n.url === webhook.url)).toEqual([{ email: `${scope.userId}@example.com`, url: webhook.url, reason: off.disabledReason }]);
    // A delivery to another workspace's endpoint, made after this one was turned off, arrives once the
    // worker has gone round again: by then, any attempt it would still make here has been made.
    const sentinel = await startReceiver();
    const other = await owner();
    await createWebhook(other, {
      ...parseWith(ZCreateSignedWebhook.extend({ url: ZWebhookUrlShape }), { url: sentinel.url, events: ['link.created'] }),
      url: sentinel.url,
    });
    await createLink({ url: 'https://example.com/sentinel', ...other.owns }, ctx);
    await until('the other endpoint served', async () => sentinel.received.length === 1);
    await sentinel.close();
    expect(rx.received.length).toBe(3);
    healthy = true;
    await updateWebhook(scope, webhook.id, { enabled: true });
    await until('the rest', async () => rx.received.length === 5);
    const on = await getWebhookOrThrow(ctx.handle.db, scope.actor, webhook.id);
    expect(on).toMatchObject({ enabled: true, disabledReason: null, consecutiveFailures: 0 });
  });

  test('what a claim took for an endpoint turned off while it ran is given back unsent', async () => {
    // On PostgreSQL a claim's statement reads the endpoint as it was when the statement began, so
    // it can take a delivery for an endpoint that another attempt turns off meanwhile. Here the
    // claim's rows are held back until the endpoint is off, as a slow statement would be.
    const scope = await owner();
    let letFirstFail!: () => void;
    const firstAnswer = new Promise<{ status: number }>((resolve) => (letFirstFail = () => resolve({ status: 500 })));
    let healthy = false;
    const { webhook, receiver: rx } = await subscribe(scope, ['link.created'], {}, (_r, n) => (n === 1 ? firstAnswer : { status: healthy ? 200 : 500 }));
    const isOff = async () => !(await getWebhookOrThrow(ctx.handle.db, scope.actor, webhook.id)).enabled;
    let holdClaims = false;
    const slowClaims = {
      async query<R>(text: string, params?: unknown[]): Promise<R[]> {
        const rows = await ctx.handle.query<R>(text, params);
        const forThisEndpoint = rows.some((r) => (r as { webhook_id?: string }).webhook_id === webhook.id);
        if (holdClaims && text.includes('claimed AS') && forThisEndpoint) await until('the endpoint turned off', isOff);
        return rows;
      },
    };
    dispatcher = startWebhookDispatcher(slowClaims, {
      secretKey: TEST_SECRET,
      allowPrivate: true,
      timeoutMs: 10_000,
      retrySchedule: [],
      disableAfterFailures: 1,
      disableAfterHours: 120,
      concurrency: 1,
      endpointConcurrency: 1,
      pollMs: 60_000,
      notifyDisabled: async (n) => void disabled.push(n),
    });
    await createLink({ url: 'https://example.com/held-1', ...scope.owns }, ctx);
    dispatcher.wake();
    await until('the first delivery in flight', async () => rx.received.length === 1);
    holdClaims = true;
    await createLink({ url: 'https://example.com/held-2', ...scope.owns }, ctx);
    dispatcher.wake(); // fans the second event out and claims it; its rows come back once the endpoint is off
    const second = async () =>
      (
        await ctx.handle.query<{ attempts: number; locked: boolean; status: string }>(
          `SELECT d.attempts, d.locked_until IS NOT NULL AS locked, d.status FROM webhook_deliveries d JOIN events e ON e.seq = d.event_seq
       WHERE d.webhook_id = $1 AND e.data->>'long_url' = 'https://example.com/held-2'`,
          [webhook.id],
        )
      )[0];
    await until('the second delivery claimed', async () => (await second())?.attempts === 1);
    letFirstFail();
    await until('the second delivery given back or sent', async () => {
      const d = await second();
      return d.status !== 'pending' || (d.attempts === 0 && !d.locked);
    });
    expect(await second()).toEqual({ attempts: 0, locked: false, status: 'pending' });
    expect(rx.received).toHaveLength(1);
    holdClaims = false;
    healthy = true;
    await updateWebhook(scope, webhook.id, { enabled: true });
    dispatcher.wake();
    await until('the second delivery sent once enabled', async () => (await second()).status === 'succeeded');
    expect(rx.received).toHaveLength(2);
  });

  test('an endpoint without a success for too long is turned off', async () => {
    const scope = await owner();
    const { webhook } = await subscribe(scope, ['link.created'], {}, () => ({ status: 410 }));
    start({ retrySchedule: [0.2, 0.2, 0.2, 0.2, 0.2, 0.2], disableAfterHours: 0.5 / 3600 });
    await createLink({ url: 'https://example.com/long', ...scope.owns }, ctx);
    await until('the webhook turned off', async () => !(await getWebhookOrThrow(ctx.handle.db, scope.actor, webhook.id)).enabled);
    expect((await getWebhookOrThrow(ctx.handle.db, scope.actor, webhook.id)).disabledReason).toMatch(
      /^Turned off by Sling: no successful delivery since \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
    );
  });

  test('finished deliveries leave the log after 30 days; waiting ones stay', async () => {
    const scope = await owner();
    const { webhook, receiver: rx } = await subscribe(scope, ['link.created']);
    start();
    for (let i = 0; i < 3; i++) await createLink({ url: `https://example.com/old${i}`, ...scope.owns }, ctx);
    await until('three deliveries', async () => rx.received.length === 3);
    await dispatcher!.stop();
    const log = (await listDeliveries(ctx.handle, webhook.id, { limit: 10 })).deliveries;
    await ctx.handle.query(`UPDATE webhook_deliveries SET completed_at = now() - interval '31 days' WHERE id = ANY($1)`, [[log[0].id, log[1].id]]);
    await ctx.handle.query(`UPDATE webhook_deliveries SET status = 'pending', completed_at = NULL, created_at = now() - interval '40 days' WHERE id = $1`, [
      log[2].id,
    ]);
    expect(await pruneDeliveries(ctx.handle, 30, 1)).toBe(2);
    expect((await listDeliveries(ctx.handle, webhook.id, { limit: 10 })).deliveries.map((d) => d.id)).toEqual([log[2].id]);
    const [{ n }] = await ctx.handle.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_attempts WHERE delivery_id = ANY($1)`, [
      [log[0].id, log[1].id],
    ]);
    expect(n).toBe(0);
  });

  test('an attempt finishing after its webhook was deleted is dropped quietly', async () => {
    const scope = await owner();
    const { webhook, receiver: rx } = await subscribe(scope, ['link.created']);
    await createLink({ url: 'https://example.com/inflight', ...scope.owns }, ctx);
    await fanOutEvents(ctx.handle);
    const claim = (await claimDueDeliveries(ctx.handle, { limit: 100, leaseSeconds: 30, perEndpoint: 100 })).find((c) => c.webhook_id === webhook.id)!;
    expect(claim).toMatchObject({ webhook_id: webhook.id, attempts: 1 });
    await ctx.handle.db.delete(webhooks).where(eq(webhooks.id, webhook.id)); // while the POST is on its way
    const outcome = { ok: true, statusCode: 204, durationMs: 5, error: null, body: '' };
    await expect(recordAttempts(ctx.handle, [{ claim, outcome, retryInSeconds: null }], { disableAfterFailures: 50, disableAfterHours: 120 })).resolves.toEqual(
      [],
    );
    const [{ n }] = await ctx.handle.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_attempts WHERE delivery_id = $1`, [claim.id]);
    expect(n).toBe(0);
    expect(rx.received).toHaveLength(0);
  });
});
