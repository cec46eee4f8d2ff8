// Notification channels (Slack, Discord, Teams, Telegram) on Sling in the test process, against
// local stand-ins that check each service's documented payload (tests/helpers/chat-receivers.ts):
// registered over REST with their secret sealed at rest and never answered back, each event in its
// service's format, send test, retries and the log, turning off, fairness beside a channel that
// hangs, bad hosts refused, and another workspace's channel not found.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openChannelTarget } from '../../../lib/webhooks/channel-target';
import { apiClient, offSchema, type ApiClient, type Transport } from '../../helpers/api-client';
import { startChatReceiver, type ChatAnswer, type ChatKind, type ChatReceiver } from '../../helpers/chat-receivers';
import { suiteDatabase, TEST_SECRET, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { startSmtpListener } from '../../helpers/smtp-listener';
import { until } from '../../helpers/until';

describe(`notification channels (${suiteDatabase.name})`, () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
  let nobody: ApiClient;
  /** The Bot API stand-in every Telegram channel of this file posts to (TELEGRAM_API_URL). */
  let telegram: ChatReceiver;
  const receivers: ChatReceiver[] = [];
  let n = 0;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    smtp = await startSmtpListener();
    telegram = await startChatReceiver('telegram');
    receivers.push(telegram);
    sling = await startInProcessSling({
      ...tdb.env,
      SECRET_KEY: TEST_SECRET,
      SMTP_URL: smtp.url,
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      WEBHOOKS_POLL_MS: '200',
      WEBHOOKS_RETRY_SCHEDULE: '1,1',
      WEBHOOKS_DISABLE_AFTER_FAILURES: '2',
      WEBHOOKS_ENDPOINT_CONCURRENCY: '2',
      WEBHOOKS_TIMEOUT_MS: '20000',
      TELEGRAM_API_URL: telegram.url,
    });
    const transport: Transport = { baseUrl: sling.url, send: (req) => sling.request(req) };
    nobody = apiClient(transport);
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.down()));
    await sling?.close();
    await smtp?.close();
    await tdb?.drop();
  });

  /** A fresh workspace owner, so each test sees only its own events. */
  async function owner(): Promise<ApiClient> {
    return nobody.as({ token: await sling.seed.userWithToken(`chat-${++n}@example.com`, { plan: 'enterprise' }) });
  }

  async function receiver(kind: ChatKind, answer?: ChatAnswer): Promise<ChatReceiver> {
    const rx = await startChatReceiver(kind, answer);
    receivers.push(rx);
    return rx;
  }

  /** A channel of `kind` posting to `rx` (Telegram: the shared Bot API stand-in, to `chatId`). */
  async function addChannel(api: ApiClient, kind: ChatKind, rx: ChatReceiver, events: string[], extra: Record<string, unknown> = {}) {
    const body =
      kind === 'telegram' ? { kind, target: telegram.token, chat_id: telegram.chatId, events, ...extra } : { kind, target: rx.url, events, ...extra };
    const res = await api.call('createWebhook', { body: body as never });
    expect(res.status, res.text).toBe(201);
    return res.json.webhook;
  }

  test('POST /api/v1/webhooks: a channel of each kind; its secret is sealed at rest and never in an answer', async () => {
    const api = await owner();
    const rxs = { slack: await receiver('slack'), discord: await receiver('discord'), teams: await receiver('teams'), telegram };
    const made = [];
    for (const kind of ['slack', 'discord', 'teams', 'telegram'] as const) {
      const res = await api.call('createWebhook', {
        body: (kind === 'telegram'
          ? { kind, target: telegram.token, chat_id: telegram.chatId, name: 'Launch chat', events: ['link.created'] }
          : { kind, target: rxs[kind].url, name: `#${kind}`, events: ['link.created'] }) as never,
      });
      expect(res.status, res.text).toBe(201);
      expect(res.json.secret).toBeUndefined();
      made.push({ kind, target: kind === 'telegram' ? telegram.token : rxs[kind].url, answer: res.text, webhook: res.json.webhook });
    }
    const [slack, , , tg] = made;
    expect(slack.webhook).toMatchObject({
      kind: 'slack',
      name: '#slack',
      chat_id: null,
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/services\/T.…\/…$/),
    });
    expect(tg.webhook).toMatchObject({ kind: 'telegram', name: 'Launch chat', chat_id: telegram.chatId, url: `Telegram chat ${telegram.chatId}` });

    const answers = [...made.map((m) => m.answer), (await api.call('listWebhooks')).text];
    for (const m of made) answers.push((await api.call('getWebhook', { params: { id: m.webhook.id } })).text);
    answers.push((await api.call('updateWebhook', { params: { id: slack.webhook.id }, body: { name: '#launches' } })).text);
    for (const m of made) {
      const secretPart = m.kind === 'telegram' ? m.target.split(':')[1] : new URL(m.target).pathname.split('/').at(-1)!;
      for (const a of answers) expect(a).not.toContain(secretPart);
      const [row] = await sling.handle.query<{ target_ciphertext: string; url: string; secret_ciphertext: string | null }>(
        'SELECT target_ciphertext, url, secret_ciphertext FROM webhooks WHERE id = $1',
        [m.webhook.id],
      );
      expect(row.target_ciphertext).not.toContain(secretPart);
      expect(row.url).not.toContain(secretPart);
      expect(row.secret_ciphertext).toBeNull();
      expect(openChannelTarget(row.target_ciphertext, TEST_SECRET)).toBe(m.target);
    }
    // Channels are not signed: nothing to rotate.
    const rotate = await api.call('rotateWebhookSecret', { params: { id: slack.webhook.id } });
    expect(rotate.status).toBe(400);
    expect(rotate.json.error.message).toMatch(/not signed/);
  });

  test('an event reaches each channel in its service’s own format', async () => {
    const api = await owner();
    const rxs = { slack: await receiver('slack'), discord: await receiver('discord'), teams: await receiver('teams') };
    for (const kind of ['slack', 'discord', 'teams'] as const) await addChannel(api, kind, rxs[kind], ['link.created', 'link.deleted']);
    await addChannel(api, 'telegram', telegram, ['link.created']);
    const before = telegram.received.length;
    const link = (await api.call('createLink', { body: { url: 'https://example.com/spring?a=1&b=2', alias: 'spring' } })).json;
    await until(
      'the message in each channel',
      async () => Object.values(rxs).every((rx) => rx.received.length === 1) && telegram.received.length === before + 1,
    );
    for (const rx of [...Object.values(rxs), telegram]) {
      const m = rx.received.at(-1)!;
      expect(m.problems, rx.kind).toEqual([]);
    }
    const short = link.short_url.replace(/^https?:\/\//, '');
    expect(rxs.slack.received[0].body.text).toBe(`New link ${short} → https://example.com/spring?a=1&amp;b=2`);
    expect(rxs.discord.received[0].body.embeds[0]).toMatchObject({ title: 'New link', url: link.short_url });
    expect(rxs.teams.received[0].body.attachments[0].content.actions).toEqual([{ type: 'Action.OpenUrl', title: 'Open link', url: link.short_url }]);
    expect(telegram.received.at(-1)!.body.text).toContain(`New link <a href="${link.short_url}">${short}</a>`);

    await api.call('deleteLink', { params: { id: link.id } });
    await until('link.deleted in the channels subscribed to it', async () => Object.values(rxs).every((rx) => rx.received.length === 2));
    expect(rxs.slack.received[1].body.text).toContain(`Link ${short} was deleted`);
    expect(telegram.received.length).toBe(before + 1); // not subscribed to link.deleted
  });

  test('send test: each kind gets a test message, and the log shows the answer; a channel called "<!channel>" pings nobody', async () => {
    const api = await owner();
    const rxs = { slack: await receiver('slack'), discord: await receiver('discord'), teams: await receiver('teams'), telegram };
    const name = '<!channel> & @everyone';
    for (const kind of ['slack', 'discord', 'teams', 'telegram'] as const) {
      const before = rxs[kind].received.length;
      const w = await addChannel(api, kind, rxs[kind], ['link.created'], { name });
      expect((await api.call('testWebhook', { params: { id: w.id } })).status).toBe(202);
      await until(`the ${kind} test message`, async () => rxs[kind].received.length > before);
      expect(rxs[kind].received.at(-1)!.problems).toEqual([]);
      expect(JSON.stringify(rxs[kind].received.at(-1)!.body)).toContain('Test message from Sling');
      const log = await until('the attempt recorded', async () => {
        const l = (await api.call('listDeliveries', { params: { id: w.id } })).json;
        return l.deliveries[0]?.status !== 'pending' && l.deliveries[0];
      });
      expect(log).toMatchObject({
        event: 'webhook.test',
        status: 'succeeded',
        attempts: 1,
        last_attempt: { status_code: { slack: 200, discord: 204, teams: 202, telegram: 200 }[kind] },
      });
    }
    expect(rxs.slack.received[0].body.text).toContain('&lt;!channel&gt; &amp; @everyone');
    expect(rxs.discord.received[0].body.allowed_mentions).toEqual({ parse: [] });
  });

  test('a failing channel is retried and logged; one that keeps failing is turned off and its owner told', async () => {
    const api = await owner();
    const slack = await receiver('slack', (_m, i) => (i <= 2 ? 'fail' : 'ok'));
    await addChannel(api, 'slack', slack, ['link.created']);
    await api.call('apiPhpCreate', { body: { url: 'https://example.com/retried' } });
    await until('the third attempt', async () => slack.received.length === 3, { timeoutMs: 20_000 });
    const w = (await api.call('listWebhooks')).json.webhooks[0];
    const delivery = await until('the delivery succeeded', async () => {
      const d = (await api.call('listDeliveries', { params: { id: w.id } })).json.deliveries[0];
      return d?.status === 'succeeded' && d;
    });
    const { attempts } = (await api.call('getDelivery', { params: { id: w.id, deliveryId: delivery.id } })).json;
    expect(attempts.map((a: any) => [a.status_code, a.error])).toEqual([
      [404, 'answered 404: no_service'],
      [404, 'answered 404: no_service'],
      [200, null],
    ]);

    // A Telegram chat the bot is not in: {ok: false} from the Bot API, its description in the log.
    const lost = await addChannel(api, 'telegram', telegram, ['link.created'], { chat_id: '-1009999' });
    for (let i = 0; i < 2; i++) expect((await api.call('testWebhook', { params: { id: lost.id } })).status).toBe(202);
    const off = await until('the channel turned off', async () => {
      const x = (await api.call('getWebhook', { params: { id: lost.id } })).json.webhook;
      return !x.enabled && x;
    });
    expect(off.disabled_reason).toBe('Turned off by Sling: 2 deliveries failed in a row.');
    const last = (await api.call('listDeliveries', { params: { id: lost.id } })).json.deliveries[0];
    expect(last.last_attempt).toMatchObject({ status_code: 400, error: 'Telegram refused it: Bad Request: chat not found (400)' });
    const [mail] = await smtp.waitFor(1);
    expect(mail.text).toContain('Telegram chat -1009999');
    expect(mail.subject).toMatch(/turned off/);
  });

  test('a channel that hangs never delays the others', async () => {
    const api = await owner();
    const stuck = await receiver('discord', () => 'hang');
    const slack = await receiver('slack');
    await addChannel(api, 'discord', stuck, ['link.created']);
    await addChannel(api, 'slack', slack, ['link.created']);
    for (let i = 0; i < 12; i++) await api.call('apiPhpCreate', { body: { url: `https://example.com/fair-${i}` } });
    // Slack gets all twelve while Discord holds its two slots (WEBHOOKS_ENDPOINT_CONCURRENCY) for 20 s.
    await until('all twelve in Slack', async () => slack.received.length === 12, { timeoutMs: 10_000 });
    expect(stuck.received.length).toBeLessThanOrEqual(2);
    expect(slack.received.every((m) => m.problems.length === 0)).toBe(true);
    await stuck.down(); // its connections cut: those attempts fail now and are retried
  });

  test('bad targets are 400 naming the field; another workspace’s channel is 404', async () => {
    const api = await owner();
    const bad = async (body: Record<string, unknown>) => {
      const res = await api.call('createWebhook', { body: offSchema({ events: ['link.created'], ...body }) });
      expect(res.status, res.text).toBe(400);
      return res.json.error.details;
    };
    expect(await bad({ kind: 'slack', target: 'https://example.com/services/T1/B2/xyz' })).toEqual({
      target: 'That is not a Slack webhook URL; it looks like https://hooks.slack.com/services/T…/B…/….',
    });
    expect((await bad({ kind: 'discord', target: 'https://hooks.slack.com/services/T1/B2/xyz' })).target).toMatch(/not a Discord webhook URL/);
    expect((await bad({ kind: 'teams', target: 'https://8.8.8.8/workflows/abc' })).target).toMatch(/not a Microsoft Teams webhook URL/);
    expect((await bad({ kind: 'slack', target: 'http://127.0.0.1:1/not-slack' })).target).toMatch(/not a Slack webhook URL/);
    expect((await bad({ kind: 'slack' })).target).toBe('Give the Slack webhook URL.');
    expect(await bad({ kind: 'telegram', target: 'not-a-token', chat_id: 'x y' })).toEqual({
      target: 'That is not a Telegram bot token; @BotFather gives one like 123456789:AAF…',
      chat_id: 'The chat id is a number (-1001234567890) or a public channel’s @username.',
    });
    expect((await bad({ kind: 'pager' })).kind).toBe('The kind must be one of webhook, slack, discord, teams, telegram.');

    const slack = await receiver('slack');
    const mine = await addChannel(api, 'slack', slack, ['link.created']);
    const params = { id: mine.id };
    const patch = async (body: Record<string, unknown>) => api.call('updateWebhook', { params, body: offSchema(body) });
    expect((await patch({ kind: 'discord' })).json.error.details).toEqual({ kind: expect.stringMatching(/kind cannot change/) });
    expect((await patch({ target: 'https://example.com/services/a/b/c' })).json.error.details.target).toMatch(/not a Slack webhook URL/);
    const other = await receiver('slack');
    const moved = await patch({ target: other.url, events: ['link.created', 'link.deleted'] });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json.webhook.url).toBe(`http://127.0.0.1:${new URL(other.url).port}/services/${new URL(other.url).pathname.split('/')[2].slice(0, 2)}…/…`);

    const stranger = await owner();
    expect((await stranger.call('getWebhook', { params })).status).toBe(404);
    expect((await stranger.call('updateWebhook', { params, body: { name: 'mine now' } })).status).toBe(404);
    expect((await stranger.call('testWebhook', { params })).status).toBe(404);
    expect((await stranger.call('deleteWebhook', { params })).status).toBe(404);
    expect((await api.call('getWebhook', { params })).json.webhook).toMatchObject({ id: mine.id, name: null, events: ['link.created', 'link.deleted'] });
  });
});
