// GET /api/v1/analytics/live on Sling in the test process: streams opened over HTTP receive the clicks
// made through the redirect (no address, no visitor key), narrowed by link, tag and domain; a
// reconnect with Last-Event-ID receives exactly what it missed; the per-workspace bound answers 429;
// a token without analytics:read is refused; another workspace's stream sees nothing of them; shutdown
// ends open streams.
import { request as httpRequest } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { AGENTS } from '../../helpers/agents';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { readSse, type SseReader } from '../../helpers/sse';
import { until } from '../../helpers/until';

const LIVE = '/api/v1/analytics/live';

describe('GET /api/v1/analytics/live', () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let annToken: string;
  let bobToken: string;
  let ann: ApiClient;
  const open: SseReader[] = [];

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    sling = await startInProcessSling({ ...tdb.env, TRUST_PROXY: 'true', LIVE_STREAMS_PER_WORKSPACE: '4' });
    annToken = await sling.seed.userWithToken('ann@example.com', { plan: 'business' });
    bobToken = await sling.seed.userWithToken('bob@example.com', { plan: 'business' });
    ann = apiClient(inProcess(sling)).as({ token: annToken });
  });
  // A failed test's streams would hold the workspace's places for the next one.
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  /** Opens a stream over HTTP; resolves when its headers arrived (before any click). */
  async function stream(token: string, query = '', headers: Record<string, string> = {}): Promise<{ res: Response; sse: SseReader }> {
    const res = await fetch(`${sling.url}${LIVE}${query}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
    if (res.status !== 200) return { res, sse: undefined as unknown as SseReader };
    const sse = readSse(res);
    open.push(sse);
    return { res, sse };
  }
  const close = async (sse: SseReader) => {
    await sse.close();
    if (open.includes(sse)) open.splice(open.indexOf(sse), 1);
  };

  const visit = (code: string, ip = '8.8.8.8', ua = AGENTS.iphone, headers: Record<string, string> = {}) =>
    fetch(`${sling.url}/${code}`, { redirect: 'manual', headers: { 'x-forwarded-for': ip, 'user-agent': ua, ...headers } }).then((r) => r.status);

  const codesOf = (sse: SseReader) => sse.events.map((e) => JSON.parse(e.data).link.short_code as string);
  // The first batch waits for the GeoIP file to load in the click writer's thread: seconds on a busy machine.
  const received = (sse: SseReader, code: string, times = 1) =>
    until(`${code} on the stream`, async () => codesOf(sse).filter((c) => c === code).length >= times, { timeoutMs: 30_000, intervalMs: 50 });

  async function link(alias: string, extra: Record<string, unknown> = {}) {
    const res = await ann.call('createLink', { body: { url: `https://example.com/${alias}`, alias, ...extra } });
    expect(res.status, res.text).toBe(201);
    return res.json as { id: number; short_code: string; domain: { id: number; hostname: string } };
  }

  test('a click through the redirect arrives on an open stream, without the address or visitor key', async () => {
    const made = await link('live-one');
    const { res, sse } = await stream(annToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-encoding')).toBeNull();
    await until('the opening comment', async () => sse.text.includes(': live clicks'));

    expect(await visit('live-one', '8.8.8.8', AGENTS.iphone, { referer: 'https://t.co/abc' })).toBe(302);
    await received(sse, 'live-one');
    const [event] = sse.events;
    expect(event.event).toBe('click');
    expect(event.id).toMatch(/^\d+$/);
    const data = JSON.parse(event.data);
    expect(data).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      link: { id: made.id, short_code: 'live-one', domain: made.domain.hostname, short_url: `${sling.url}/live-one` },
      country: 'US',
      region: expect.toBeOneOf([expect.any(String), null]),
      city: expect.toBeOneOf([expect.any(String), null]),
      device: 'mobile',
      browser: 'Mobile Safari',
      os: 'iOS',
      referrer_host: 't.co',
      trigger: 'link',
      rule_id: null,
      variant_id: null,
      bot: false,
    });
    expect(sse.text).not.toContain('8.8.8.8');
    expect(sse.text).not.toMatch(/"(ip|visitor|user_agent)"/);
    await close(sse);
  });

  test('bots are sent flagged bot: true', async () => {
    await link('live-bot');
    const { sse } = await stream(annToken, '?link_id=');
    await visit('live-bot', '66.249.66.1', AGENTS.googlebot);
    await received(sse, 'live-bot');
    expect(JSON.parse(sse.events[0].data)).toMatchObject({ bot: true, link: { short_code: 'live-bot' } });
    await close(sse);
  });

  test('filters: link_id, tag and domain_id send only the clicks of matching links', async () => {
    const tagged = await link('live-tagged', { tags: ['Launch'] });
    const plain = await link('live-plain');
    // A second domain of Ann's workspace, with a link on it, known to the server at once.
    const [{ id: workspaceId }] = await sling.handle.query<{ id: string }>(
      'SELECT w.id FROM workspaces w JOIN users u ON u.id = w.personal_owner_id WHERE u.email = $1',
      ['ann@example.com'],
    );
    const [{ id: domainId }] = await sling.handle.query<{ id: number }>(
      "INSERT INTO domains (hostname, workspace_id, status, verified_at) VALUES ('go.live.test', $1, 'verified', now()) RETURNING id",
      [workspaceId],
    );
    const { invalidationBus } = await import('../../../lib/cache/invalidation-bus');
    invalidationBus().publish('domain:go.live.test');
    const onDomain = await until('a link on the new domain', async () => {
      const res = await ann.call('createLink', { body: { url: 'https://example.com/on-domain', alias: 'live-dom', domain_id: domainId } });
      return res.status === 201 && (res.json as { id: number });
    });

    const byLink = (await stream(annToken, `?link_id=${plain.id}`)).sse;
    const byTag = (await stream(annToken, '?tag=launch')).sse;
    const byDomain = (await stream(annToken, `?domain_id=${domainId}`)).sse;
    const all = (await stream(annToken)).sse;

    // The matching click last: once a stream has it, the clicks before it were judged too.
    await visit('live-plain');
    await visit('live-tagged');
    expect(await visitHost('go.live.test', '/live-dom')).toBe(302);
    await received(all, 'live-dom');
    await received(byLink, 'live-plain');
    await received(byTag, 'live-tagged');
    await received(byDomain, 'live-dom');
    await visit('live-plain');
    await received(byLink, 'live-plain', 2);
    await received(all, 'live-plain', 2);
    expect(codesOf(byLink)).toEqual(['live-plain', 'live-plain']);
    expect(codesOf(byTag)).toEqual(['live-tagged']);
    expect(codesOf(byDomain)).toEqual(['live-dom']);
    expect(codesOf(all)).toEqual(['live-plain', 'live-tagged', 'live-dom', 'live-plain']);
    expect(JSON.parse(byDomain.events[0].data).link).toMatchObject({ id: onDomain.id, domain: 'go.live.test' });
    expect(tagged.id).toBeGreaterThan(0);
    await Promise.all([byLink, byTag, byDomain, all].map(close));
  });

  test('a reconnect with Last-Event-ID (or ?last_event_id=) receives exactly the clicks it missed', async () => {
    await link('live-again');
    const first = (await stream(annToken, '?tag=')).sse;
    await visit('live-again');
    await received(first, 'live-again');
    const lastId = first.events.at(-1)!.id!;
    await close(first);

    // Missed while away; a second stream shows when they are stored.
    const watcher = (await stream(annToken)).sse;
    await visit('live-again', '81.2.69.160', AGENTS.chrome);
    await visit('live-again', '8.8.4.4', AGENTS.firefox);
    await received(watcher, 'live-again', 2);
    const missed = watcher.events.map((e) => e.id);

    const byHeader = (await stream(annToken, '', { 'last-event-id': lastId })).sse;
    const byQuery = (await stream(annToken, `?last_event_id=${lastId}`)).sse;
    await received(byHeader, 'live-again', 2);
    await received(byQuery, 'live-again', 2);
    expect(byHeader.events.map((e) => e.id)).toEqual(missed);
    expect(byQuery.events.map((e) => e.id)).toEqual(missed);
    expect(byHeader.events.map((e) => JSON.parse(e.data).browser)).toEqual(['Chrome', 'Firefox']);
    // Nothing twice afterwards either: the next click is the only new event.
    await visit('live-again');
    await received(byHeader, 'live-again', 3);
    await received(watcher, 'live-again', 3);
    expect(byHeader.events.map((e) => e.id)).toEqual(watcher.events.map((e) => e.id));
    await Promise.all([watcher, byHeader, byQuery].map(close));
  });

  test('the workspace holds at most LIVE_STREAMS_PER_WORKSPACE streams: the next is 429; a closed one frees its place', async () => {
    const streams = [];
    for (let i = 0; i < 4; i++) streams.push((await stream(annToken)).sse);
    const over = await stream(annToken);
    expect(over.res.status).toBe(429);
    expect(over.res.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await over.res.json()).error).toMatchObject({ code: 'rate_limited', details: { limit: 4 } });
    // Another workspace has its own places.
    const bobs = (await stream(bobToken)).sse;
    await close(streams.pop()!);
    const again = await until('a place freed by the closed stream', async () => {
      const s = await stream(annToken);
      return s.res.status === 200 && s.sse;
    });
    await Promise.all([...streams, again, bobs].map(close));
  });

  test('a token without analytics:read is 403; no token 401; bad filters 400; a link of another workspace 404', async () => {
    const narrow = await sling.seed.token('ann@example.com', { scopes: ['links:read'] });
    const refused = await fetch(`${sling.url}${LIVE}`, { headers: { authorization: `Bearer ${narrow}` } });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe('forbidden');
    expect((await fetch(`${sling.url}${LIVE}`)).status).toBe(401);
    const bad = await fetch(`${sling.url}${LIVE}?last_event_id=abc&domain_id=x`, { headers: { authorization: `Bearer ${annToken}` } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.details).toMatchObject({ last_event_id: expect.any(String), domain_id: expect.any(String) });
    const badHeader = await fetch(`${sling.url}${LIVE}`, { headers: { authorization: `Bearer ${annToken}`, 'last-event-id': 'nope' } });
    expect(badHeader.status).toBe(400);
    const annsLink = await link('live-private');
    const foreign = await fetch(`${sling.url}${LIVE}?link_id=${annsLink.id}`, { headers: { authorization: `Bearer ${bobToken}` } });
    expect(foreign.status).toBe(404);
  });

  test("another workspace's stream never sees the clicks", async () => {
    await link('live-mine');
    const bobs = (await stream(bobToken)).sse;
    const anns = (await stream(annToken)).sse;
    await visit('live-mine');
    await received(anns, 'live-mine');
    // Bob's link clicked after Ann's: once Bob's stream has it, Ann's click was judged for it too.
    const bob = apiClient(inProcess(sling)).as({ token: bobToken });
    expect((await bob.call('createLink', { body: { url: 'https://example.com/bob', alias: 'live-bobs' } })).status).toBe(201);
    await visit('live-bobs');
    await received(bobs, 'live-bobs');
    expect(codesOf(bobs)).toEqual(['live-bobs']);
    await Promise.all([bobs, anns].map(close));
  });

  // Last: it stops the server.
  test('shutdown ends open streams cleanly, without waiting for them', async () => {
    const { sse } = await stream(annToken);
    await until('the opening comment', async () => sse.text.includes(': live clicks'));
    await sling.close();
    await until('the stream ended', async () => sse.ended);
    expect(sse.endedCleanly).toBe(true);
  });

  /** A visit of `path` on a custom domain's host (same listener). */
  function visitHost(host: string, path: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port: sling.port, path, headers: { host, 'x-forwarded-for': '8.8.8.8', 'user-agent': AGENTS.chrome } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
  }
});
