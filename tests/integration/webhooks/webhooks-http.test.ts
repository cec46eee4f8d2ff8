// Webhooks on Sling in the test process (the API through its router, redirects through its edge on
// loopback, the dispatcher in this process): the REST API, link.clicked from a real redirect, the
// delivery log, disabling with an email, a receiver that is down for 1,000 events and a restart,
// and private targets refused. Two worker processes on PostgreSQL sending each event once stay
// over HTTP with built server processes: two processes sharing the work is that test's subject.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUserWithToken } from '../../helpers/accounts';
import { AGENTS } from '../../helpers/agents';
import { apiClient, inProcess, offSchema, overHttp, type ApiClient, type Transport } from '../../helpers/api-client';
import { describeOnPostgres, suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { startSling, type SlingProcess } from '../../helpers/sling-process';
import { startSmtpListener } from '../../helpers/smtp-listener';
import { until } from '../../helpers/until';
import { startReceiver, type Receiver } from '../../helpers/webhook-receiver';

const ALL_EVENTS = ['link.created', 'link.updated', 'link.deleted', 'link.clicked', 'link.expired', 'domain.verified'];

/** Sends `n` browser visits to a short link, a few at a time. */
async function visit(url: string, n: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < n) {
        const i = next++;
        const res = await fetch(url, { redirect: 'manual', headers: { 'user-agent': AGENTS.chrome, 'x-forwarded-for': `81.2.69.${i % 250}` } });
        expect(res.status).toBe(302);
      }
    }),
  );
}

describe(`webhooks on Sling in the test process (${suiteDatabase.name})`, () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
  let env: Record<string, string>;
  let api: ApiClient;
  let bobApi: ApiClient;
  let nobody: ApiClient;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    smtp = await startSmtpListener();
    env = {
      ...tdb.env,
      TRUST_PROXY: 'true',
      SMTP_URL: smtp.url,
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      WEBHOOKS_POLL_MS: '200',
      WEBHOOKS_RETRY_SCHEDULE: '1,1,2,2,3,3,5,5,10,10,20',
      WEBHOOKS_DISABLE_AFTER_FAILURES: '2',
    };
    sling = await startInProcessSling(env);
    // (Enterprise: the log polling below stays well under the API's per-minute limit.)
    const [ann, bob] = [await sling.seed.userWithToken('ann@example.com', { plan: 'enterprise' }), await sling.seed.userWithToken('bob@example.com')];
    // The Sling of the moment: the last test restarts it.
    const current: Transport = {
      get baseUrl() {
        return sling.url;
      },
      send: (req) => sling.request(req),
    };
    nobody = apiClient(current);
    api = nobody.as({ token: ann });
    bobApi = nobody.as({ token: bob });
  });
  afterAll(async () => {
    await sling?.close();
    await Promise.all(receivers.map((r) => r.close()));
    await smtp?.close();
    await tdb?.drop();
  });

  async function register(events: string[], answer?: Parameters<typeof startReceiver>[1]) {
    const rx = await startReceiver([], answer);
    receivers.push(rx);
    const res = await api.call('createWebhook', { body: { url: rx.url, events: events as never } });
    expect(res.status).toBe(201);
    const { webhook, secret } = res.json;
    rx.secrets.push(secret);
    return { webhook, secret, rx };
  }

  test('register, read, change and delete over REST; bad input and other people get clear errors', async () => {
    const { webhook, secret } = await register(['link.created']);
    expect(secret).toMatch(/^whsec_/);
    expect(webhook).toMatchObject({
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/hook$/),
      events: ['link.created'],
      enabled: true,
      link_id: null,
      domain_id: null,
    });
    const params = { id: webhook.id };
    expect((await api.call('listWebhooks')).text).not.toContain(secret);
    expect((await api.call('getWebhook', { params })).json.webhook.id).toBe(webhook.id);

    const patched = (await api.call('updateWebhook', { params, body: { events: ['link.deleted', 'link.created'], enabled: false } })).json;
    expect(patched.webhook).toMatchObject({ events: ['link.created', 'link.deleted'], enabled: false });

    const bad = await api.call('createWebhook', { body: offSchema({ url: 'https://no-such-host.invalid/x', events: ['link.exploded'] }) });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toEqual({
      code: 'invalid_request',
      message: 'Check these fields: url, events.',
      details: { url: 'The host no-such-host.invalid could not be found.', events: expect.stringContaining('Unknown event "link.exploded"') },
      doc_url: 'docs/api/errors.md#invalid_request',
    });
    const noUrl = await api.call('createWebhook', { body: offSchema({ events: ['link.created'] }) });
    expect(noUrl.json.error.details).toEqual({ url: 'Give the URL that should receive the events.' });
    const notMine = await api.call('createWebhook', { body: { url: webhook.url, events: ['link.created'], link_id: 999999 } });
    expect(notMine.json.error.details.link_id).toMatch(/No link with id 999999/);
    expect((await bobApi.call('getWebhook', { params })).status).toBe(404);
    expect((await bobApi.call('deleteWebhook', { params })).status).toBe(404);
    expect((await nobody.call('listWebhooks')).status).toBe(401);

    const rotated = (await api.call('rotateWebhookSecret', { params })).json;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(secret);
    expect(Date.parse(rotated.webhook.previous_secret_expires_at) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    const now = (await api.call('rotateWebhookSecret', { params, body: { grace_hours: 0 } })).json;
    expect(now.webhook.previous_secret_expires_at).toBeNull();
    const tooLong = await api.call('rotateWebhookSecret', { params, body: offSchema({ grace_hours: 500 }) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.error.details).toEqual({ grace_hours: 'The grace period must be from 0 to 168 hours.' });
    expect((await api.fetch(`/api/v1/webhooks/${webhook.id}/explode`, { method: 'POST' })).status).toBe(404);

    expect((await api.call('deleteWebhook', { params })).status).toBe(204);
    expect((await api.call('getWebhook', { params })).status).toBe(404);
  });

  test('a click through the edge arrives as link.clicked with the visitor; the log, test event and resend work over REST', async () => {
    const { webhook, rx } = await register(ALL_EVENTS);
    const params = { id: webhook.id };
    const link = (await api.call('apiPhpCreate', { body: { url: 'https://example.com/clicked', alias: 'hooked' } })).json;
    await fetch(`${sling.url}/hooked?qr=1`, {
      redirect: 'manual',
      headers: { 'user-agent': AGENTS.iphone, 'x-forwarded-for': '8.8.8.8', referer: 'https://t.co/abc' },
    });
    await until('link.created and link.clicked', async () => rx.received.length >= 2);
    const created = rx.received.find((r) => r.payload.event === 'link.created')!;
    expect(created.payload.data).toMatchObject({ id: link.id, short_code: 'hooked', long_url: 'https://example.com/clicked' });
    const clicked = rx.received.find((r) => r.payload.event === 'link.clicked')!;
    expect(clicked.verified).toBe(true);
    expect(clicked.payload.data).toMatchObject({
      link_id: link.id,
      short_code: 'hooked',
      long_url: 'https://example.com/clicked',
      trigger: 'qr',
      visitor: { country: 'US', device: 'mobile', browser: 'Mobile Safari', os: 'iOS', referrer_host: 't.co' },
    });

    // The receiver answers before the dispatcher records the answer: wait for the log to say so.
    const log = await until('both deliveries recorded as answered', async () => {
      const l = (await api.call('listDeliveries', { params })).json;
      return l.deliveries.every((d: any) => d.status !== 'pending') && l;
    });
    expect(log.deliveries.map((d: any) => [d.event, d.status, d.attempts])).toEqual([
      ['link.clicked', 'succeeded', 1],
      ['link.created', 'succeeded', 1],
    ]);
    const one = (await api.call('getDelivery', { params: { ...params, deliveryId: log.deliveries[0].id } })).json;
    expect(one.attempts).toEqual([expect.objectContaining({ status_code: 204, succeeded: true, error: null })]);
    expect(one.payload).toEqual(clicked.payload);
    expect((await api.call('listDeliveries', { params, query: offSchema({ status: 'bogus' }) })).status).toBe(400);

    const resent = await api.call('resendDelivery', { params: { ...params, deliveryId: log.deliveries[0].id } });
    expect(resent.status).toBe(202);
    await until('the resend', async () => rx.received.length >= 3);
    expect(rx.received[2].id).toBe(clicked.id); // same webhook-id: receivers dedupe by it

    const test = await api.call('testWebhook', { params });
    expect(test.status).toBe(202);
    await until('the test event', async () => rx.received.some((r) => r.payload.event === 'webhook.test' && r.verified));
    expect((await bobApi.call('testWebhook', { params })).status).toBe(404);
  });

  test('an endpoint that keeps failing is turned off and its owner gets an email', async () => {
    const { webhook } = await register(['link.deleted'], () => ({ status: 500, body: 'down for maintenance' }));
    const params = { id: webhook.id };
    for (let i = 0; i < 2; i++) expect((await api.call('testWebhook', { params })).status).toBe(202);
    const off = await until('the webhook turned off', async () => {
      const w = (await api.call('getWebhook', { params })).json.webhook;
      return !w.enabled && w;
    });
    expect(off.disabled_reason).toBe('Turned off by Sling: 2 deliveries failed in a row.');
    const [mail] = await smtp.waitFor(1);
    expect(mail.to).toEqual(['ann@example.com']);
    expect(mail.subject).toBe('Your Sling webhook was turned off');
    expect(mail.text).toContain(webhook.url);
    expect(mail.text).toContain('2 deliveries failed in a row');
    const refused = await api.call('testWebhook', { params });
    expect(refused.status).toBe(400);
  });

  test('a receiver down while 1,000 events happen, across a restart, gets all 1,000 once it is up', async () => {
    const { webhook, rx } = await register(['link.clicked']);
    const params = { id: webhook.id };
    await api.call('apiPhpCreate', { body: { url: 'https://example.com/busy', alias: 'busy' } });
    await rx.down();
    await visit(`${sling.url}/busy`, 1000);
    // Let some attempts fail, then restart Sling in the middle of the retries.
    const refused = await until('a failed attempt', async () => {
      const res = await api.call('listDeliveries', { params, query: { limit: 100 } });
      const log = res.json;
      if (res.status !== 200) throw new Error(`deliveries answered ${res.status}: ${JSON.stringify(log)}`);
      return log.deliveries.find((d: any) => d.attempts >= 1 && d.last_attempt?.error === 'connection refused') as { id: string } | undefined;
    });
    await sling.close();
    sling = await startInProcessSling(env);
    await rx.up();
    await until('all 1,000 events', async () => rx.ids().size >= 1000, { timeoutMs: 90_000, intervalMs: 500 });
    const clicked = rx.received.filter((r) => r.payload.event === 'link.clicked');
    expect(new Set(clicked.map((r) => r.id)).size).toBe(1000);
    expect(clicked.every((r) => r.verified)).toBe(true);
    // (The last answers may still be being recorded.)
    await until('no delivery pending', async () => (await api.call('listDeliveries', { params, query: { status: 'pending' } })).json.deliveries.length === 0);
    const failed = (await api.call('listDeliveries', { params, query: { status: 'failed' } })).json;
    expect(failed.deliveries).toEqual([]);
    // The delivery seen failing before the restart was retried after it, and got through.
    const retried = (await api.call('getDelivery', { params: { ...params, deliveryId: refused.id } })).json;
    expect(retried.delivery.status).toBe('succeeded');
    expect(retried.attempts.length).toBeGreaterThanOrEqual(2);
    expect(retried.attempts[0].error).toBe('connection refused');
    expect(retried.attempts.at(-1).succeeded).toBe(true);
  }, 180_000);
});

describe('private targets refused (default configuration)', () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    sling = await startInProcessSling(tdb.env);
    api = apiClient(inProcess(sling), { token: await sling.seed.userWithToken('cat@example.com') });
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  test('http://10.0.0.1/ and a name resolving to 127.0.0.1 are refused with 400', async () => {
    const ten = await api.call('createWebhook', { body: { url: 'http://10.0.0.1/', events: ['link.created'] } });
    expect(ten.status).toBe(400);
    expect(ten.json.error.details.url).toMatch(/10\.0\.0\.1 resolves to a non-public address/);
    const local = await api.call('createWebhook', { body: { url: `https://localhost:${sling.port}/hook`, events: ['link.created'] } });
    expect(local.status).toBe(400);
    expect(local.json.error.details.url).toMatch(/^localhost resolves to a non-public address \((127\.0\.0\.1|::1)/);
    expect((await api.call('listWebhooks')).json.webhooks).toEqual([]);
  });
});

describeOnPostgres('two worker processes on PostgreSQL', () => {
  let tdb: TestDatabase;
  let app: SlingProcess;
  let worker: SlingProcess;
  let rx: Receiver;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
  });
  afterAll(async () => {
    await Promise.all([app?.stop(), worker?.stop()]);
    await rx?.close();
    await tdb?.drop();
  });

  test('each event is sent once per webhook', async () => {
    const token = await createUserWithToken(tdb.env, 'dan@example.com', 'pro');
    // (LOG_LEVEL=debug: each attempt is logged, so the test can see that both processes sent some.)
    const env = { ...tdb.env, WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOKS_POLL_MS: '100', WEBHOOKS_CONCURRENCY: '4', LOG_LEVEL: 'debug' };
    [app, worker] = await Promise.all([startSling(env), startSling(env, ['--role', 'worker'])]);
    const api = apiClient(overHttp(app.url), { token });
    rx = await startReceiver([], () => ({ status: 200 }));
    const { webhook, secret } = (await api.call('createWebhook', { body: { url: rx.url, events: ['link.clicked', 'link.created'] } })).json;
    rx.secrets.push(secret);
    const second = await startReceiver([]);
    const other = (await api.call('createWebhook', { body: { url: second.url, events: ['link.clicked'] } })).json;
    second.secrets.push(other.secret);
    await api.call('apiPhpCreate', { body: { url: 'https://example.com/pg', alias: 'pg-busy' } });
    await visit(`${app.url}/pg-busy`, 400);
    await until('401 events at the first receiver and 400 at the second', async () => rx.ids().size >= 401 && second.ids().size >= 400, { timeoutMs: 60_000 });
    const sent = (p: SlingProcess) =>
      p
        .output()
        .split('\n')
        .filter((l) => l.includes('"msg":"webhook attempt"')).length;
    // Nothing more can be sent: every event is fanned out and no delivery waits or is in flight
    // (a delivery leaves `pending` only once its attempt is recorded, after the receiver got it).
    const db = new pg.Client({ connectionString: tdb.databaseUrl });
    await db.connect();
    try {
      await until('every event fanned out and every delivery done', async () => {
        const { rows } = await db.query<{ undispatched: number; pending: number }>(
          `SELECT (SELECT count(*) FROM events WHERE dispatched_at IS NULL)::int AS undispatched,
                  (SELECT count(*) FROM webhook_deliveries WHERE status = 'pending')::int AS pending`,
        );
        // …and each recorded attempt's log line (written just after it is recorded) has come through.
        return rows[0].undispatched === 0 && rows[0].pending === 0 && sent(app) + sent(worker) >= 801;
      });
    } finally {
      await db.end();
    }
    expect(rx.received).toHaveLength(401);
    expect(second.received).toHaveLength(400);
    expect(rx.received.every((r) => r.verified) && second.received.every((r) => r.verified)).toBe(true);
    // The same event reached both webhooks under its one id.
    expect([...second.ids()].every((id) => rx.ids().has(id))).toBe(true);
    expect(sent(app) + sent(worker)).toBe(801);
    expect(sent(app)).toBeGreaterThan(0);
    expect(sent(worker)).toBeGreaterThan(0);
    await second.close();
    expect(webhook.id).not.toBe(other.webhook.id);
  }, 120_000);
});
