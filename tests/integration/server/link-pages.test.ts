// What visitors of protected, expired and disabled links get, from Sling in the test process: the
// link pages come from its edge on loopback (fetched over HTTP as a browser would), the links are
// made and read through its API router. The page Next sends for /l/<page>/<code> (this Sling has no
// Next pages) is compared against a built server process, on PostgreSQL where it can run beside it.
// `sling links disable` runs on this server (sling.cli), as its admin socket runs an operator's
// command; a change made by another process reaching a server is two-instances.test.ts's subject.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { manualClock } from '../../../lib/core/clock';
import { AGENTS } from '../../helpers/agents';
import { apiClient, inProcess, type ApiClient, type CallOptions } from '../../helpers/api-client';
import type { apiPhpCreate, apiPhpUpdate } from '../../../lib/openapi/operations/compat';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { startSling } from '../../helpers/sling-process';
import { until } from '../../helpers/until';

describe(`link pages on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let gus: ApiClient;
  // The server goes by this clock: expiry is reached by moving it, not by waiting.
  const clock = manualClock();

  beforeAll(async () => {
    tdb = await makeDb();
    sling = await startInProcessSling({ ...tdb.env, CLICK_FLUSH_MS: '50' }, { clock });
    gus = apiClient(inProcess(sling), { token: await sling.seed.userWithToken('gus@example.com', { plan: 'business' }) });
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  /** Variant A: create, and change the link `slug`. */
  const create = (body: CallOptions<typeof apiPhpCreate>['body']) => gus.call('apiPhpCreate', { body });
  const update = (slug: string, body: CallOptions<typeof apiPhpUpdate>['body']) => gus.call('apiPhpUpdate', { query: { slug }, body });
  // A browser's agent: Node's own ('node') is a bot, and bots are never counted.
  const visit = (path: string, cookie?: string) =>
    fetch(`${sling.url}${path}`, { redirect: 'manual', headers: { 'user-agent': AGENTS.chrome, ...(cookie ? { cookie } : {}) } });
  const submit = (code: string, password: string, query = '') =>
    fetch(`${sling.url}/l/protected/${code}${query}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': AGENTS.chrome },
      body: new URLSearchParams({ password }),
    });
  /** The link's click count as the API reports it (clicks are written in batches, so poll it). */
  const clicks = async (code: string) => (await gus.call('apiPhpStats', { query: { slug: code } })).json.clicks as number;

  test('HEAD through a link page (curl -I /l/<page>/<code>) answers like GET but is never counted', async () => {
    expect((await create({ url: 'https://example.com/head', alias: 'head-1' })).status).toBe(201);
    const head = await fetch(`${sling.url}/l/expired/head-1`, { method: 'HEAD', redirect: 'manual', headers: { 'user-agent': AGENTS.chrome } });
    expect(head.status).toBe(302);
    expect(head.headers.get('location')).toBe('https://example.com/head');
    // A real visit afterwards: once it is counted, the HEAD (buffered before it) has been written too.
    expect((await visit('/head-1')).status).toBe(302);
    await until('the visit to be counted', async () => (await clicks('head-1')) >= 1);
    expect(await clicks('head-1')).toBe(1);
  });

  test('a protected link asks for the password; a wrong one says so; the right one redirects and counts', async () => {
    await create({ url: 'https://example.com/secret', alias: 'locked-1', password: 'open sesame' });
    const prompt = await visit('/locked-1?ref=mail');
    expect(prompt.status).toBe(200);
    expect(prompt.headers.get('location')).toBeNull();
    const html = await prompt.text();
    expect(html).toContain('This link is password-protected');
    expect(html).toContain('action="/l/protected/locked-1?ref=mail"');
    expect(html).not.toContain('example.com/secret');

    const wrong = await submit('locked-1', 'nope', '?ref=mail');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('Wrong password');

    const right = await submit('locked-1', 'open sesame', '?ref=mail');
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('https://example.com/secret?ref=mail');
    const cookie = right.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^sl_unlock_\d+=\d+\.[\w-]+; Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax/);
    await expect.poll(() => clicks('locked-1')).toBe(1);

    // The unlock cookie lets the same visitor through at the edge for an hour.
    const again = await visit('/locked-1', cookie.split(';')[0]);
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe('https://example.com/secret');
    await expect.poll(() => clicks('locked-1')).toBe(2);

    // A new password ends earlier unlocks.
    expect((await update('locked-1', { password: 'new secret' })).status).toBe(200);
    expect((await visit('/locked-1', cookie.split(';')[0])).status).toBe(200);
    expect((await submit('locked-1', 'open sesame')).status).toBe(401);
    expect((await submit('locked-1', 'new secret')).status).toBe(303);
  });

  test('guessing is throttled per link and IP; an unknown code answers like a wrong password', async () => {
    await create({ url: 'https://example.com/guarded', alias: 'locked-2', password: 'right one' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await submit('locked-2', `guess ${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const throttled = await submit('locked-2', 'right one');
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await throttled.text()).toContain('Too many tries');

    const unknown = await submit('no-such-link', 'whatever');
    expect(unknown.status).toBe(401);
    expect(await unknown.text()).toContain('Wrong password');
  });

  test('a link stops redirecting once its expiry has passed: "Link Expired" with 410, expired in the API at once; editing revives it', async () => {
    const at = new Date(clock.nowMs() + 3_600_000);
    const created = await create({ url: 'https://example.com/soon', alias: 'soon-gone', expiration: at.toISOString() });
    expect(created.status).toBe(201);
    expect((await visit('/soon-gone')).status).toBe(302);
    const id = (await gus.call('listLinks', { query: { q: 'soon-gone' } })).json.links[0].id;
    const expiredList = async () => (await gus.call('listLinks', { query: { status: 'expired' } })).json.links.map((l: { short_code: string }) => l.short_code);
    // One second before its expiry by the server's clock it still redirects; one second after, 410.
    clock.set(at.getTime() - 1000);
    expect((await visit('/soon-gone')).status).toBe(302);
    expect((await gus.call('getLink', { params: { id } })).json.status).toBe('active');
    expect(await expiredList()).not.toContain('soon-gone');
    clock.set(at.getTime() + 1000);
    const gone = await visit('/soon-gone');
    expect(gone.status).toBe(410);
    const html = await gone.text();
    expect(html).toContain('<title>Link Expired</title>');
    expect(html).not.toContain('example.com/soon');
    // The API (and so the dashboard's badge and status filter) says expired before the expiry job has run.
    expect((await gus.call('getLink', { params: { id } })).json.status).toBe('expired');
    expect(await expiredList()).toContain('soon-gone');

    expect((await update('soon-gone', { expiration: null })).status).toBe(200);
    expect((await visit('/soon-gone')).status).toBe(302);
  });

  test('max_clicks: after that many visits the link behaves as expired; removing the limit revives it', async () => {
    const created = (await create({ url: 'https://example.com/limited', alias: 'three-only', max_clicks: 3 })).json;
    expect(created.max_clicks).toBe(3);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await visit('/three-only')).status);
    expect(statuses).toEqual([302, 302, 302, 410]);
    await expect.poll(() => clicks('three-only')).toBe(3);
    expect((await update('three-only', { max_clicks: null })).status).toBe(200);
    expect((await visit('/three-only')).status).toBe(302);
    const bad = await create({ url: 'https://example.com/x', max_clicks: 0 });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details).toHaveProperty('max_clicks');
  });

  // Next's pages need a built server process; on PostgreSQL it runs beside this one on the same data.
  if (suiteDatabase.kind === 'postgres') {
    test('the edge sends the expired and password pages itself, the same page Next sends for /l/<page>/<code>', async () => {
      await create({ url: 'https://example.com/used-up', alias: 'one-shot', max_clicks: 1 });
      await create({ url: 'https://example.com/locked', alias: 'locked-2', password: 'pw pw pw' });
      expect((await visit('/one-shot')).status).toBe(302);
      // The same BASE_URL as this Sling's, so the pages' links and forms read the same.
      const withNext = await startSling({ ...tdb.env, BASE_URL: sling.url });
      try {
        for (const [code, page, status] of [
          ['one-shot', 'expired', 410],
          ['locked-2', 'protected', 200],
        ] as const) {
          const atEdge = await visit(`/${code}?ref=x`);
          const byNext = await fetch(`${withNext.url}/l/${page}/${code}?ref=x`, { redirect: 'manual', headers: { 'user-agent': AGENTS.chrome } });
          expect([atEdge.status, byNext.status]).toEqual([status, status]);
          expect(await atEdge.text()).toBe(await byNext.text());
          // Next's pages carry a script nonce in their policy; the edge's page runs no script at all.
          expect(byNext.headers.get('content-security-policy')).toContain("'nonce-");
          expect(atEdge.headers.get('content-security-policy')).toMatch(
            /^default-src 'none'; style-src 'unsafe-inline'; font-src 'self'; img-src 'self'; base-uri 'none'/,
          );
        }
      } finally {
        await withNext.stop();
      }
    });
  }

  test('an unknown code gets the 404 page; a direct /l/ URL cannot show the wrong page', async () => {
    expect((await visit('/l/expired/nothing-here')).status).toBe(404);
    await create({ url: 'https://example.com/plain', alias: 'plain-1' });
    const direct = await visit('/l/expired/plain-1?x=1');
    expect(direct.status).toBe(302);
    expect(direct.headers.get('location')).toBe('https://example.com/plain?x=1');
  });

  test('sling links disable: visitors get "disabled" with 451; the owner sees the reason; enable restores it', async () => {
    await create({ url: 'https://example.com/spam', alias: 'bad-one' });
    expect((await fetch(`${sling.url}/bad-one`, { redirect: 'manual' })).status).toBe(302);
    const off = await sling.cli(['links', 'disable', '--code', 'bad-one', '--reason', 'Reported as phishing']);
    expect(off.code).toBe(0);
    const page = await until('the disabled page', async () => {
      const res = await fetch(`${sling.url}/bad-one`, { redirect: 'manual' });
      return res.status === 451 ? res : undefined;
    });
    const html = await page.text();
    expect(html).toContain('This link has been disabled');
    expect(html).not.toContain('phishing');
    const mine = (await gus.call('apiPhpList', { query: { q: 'bad-one' } })).json;
    expect(mine.links[0]).toMatchObject({ status: 'disabled', disabled_reason: 'Reported as phishing' });
    expect((await sling.cli(['links', 'enable', '--code', 'bad-one'])).code).toBe(0);
    await expect.poll(async () => (await fetch(`${sling.url}/bad-one`, { redirect: 'manual' })).status).toBe(302);
  });
});
