// The running server, from outside: shorten on the home page's API (with a solved ALTCHA challenge,
// as the page sends), follow the short link.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { altchaPayload } from '../../helpers/altcha';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startSling, type SlingProcess } from '../../helpers/sling-process';

async function shorten(sling: SlingProcess, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${sling.url}/api/v1/shorten`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify({ ...(body as object), altcha: await altchaPayload(sling.url) }),
  });
  return { res, body: await res.json() };
}

describe(`redirects on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  let tdb: TestDatabase;
  let sling: SlingProcess;

  beforeAll(async () => {
    tdb = await makeDb();
    sling = await startSling({ ...tdb.env, ANON_LINKS_PER_MINUTE: '1000', ANON_LINKS_PER_DAY: '5000', CLICK_FLUSH_MS: '100' });
  });
  afterAll(async () => {
    expect(await sling?.stop()).toBe(0);
    await tdb?.drop();
  });

  test('GET /healthz and /readyz', async () => {
    expect(await (await fetch(`${sling.url}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${sling.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  test('the home page offers the shortener', async () => {
    const res = await fetch(sling.url);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Shorten');
    expect(html).toContain('id="long-url"');
  });

  test('POST /api/v1/shorten then GET the short URL: 302 to the destination, query string forwarded', async () => {
    const { res, body } = await shorten(sling, { url: 'https://example.com/a?b=1' });
    expect(res.status).toBe(201);
    expect(body.short_url).toBe(`${sling.url}/${body.short_code}`);
    expect(body.long_url).toBe('https://example.com/a?b=1');

    const visit = await fetch(body.short_url, { redirect: 'manual' });
    expect(visit.status).toBe(302);
    expect(visit.headers.get('location')).toBe('https://example.com/a?b=1');
    expect(visit.headers.get('cache-control')).toBe('private, max-age=0');
    expect(await visit.text()).toBe('');

    const withQuery = await fetch(`${body.short_url}?utm_source=news&x=%20y`, { redirect: 'manual' });
    expect(withQuery.headers.get('location')).toBe('https://example.com/a?b=1&utm_source=news&x=%20y');

    const upper = await fetch(`${sling.url}/${body.short_code.toUpperCase()}`, { redirect: 'manual' });
    const lower = await fetch(`${sling.url}/${body.short_code.toLowerCase()}/`, { redirect: 'manual' });
    expect([upper.status, lower.status]).toEqual([302, 302]);
  });

  test('HEAD answers the same redirect (click counting is checked in click-recording.test.ts)', async () => {
    const { body } = await shorten(sling, { url: 'https://example.com/head' });
    const head = await fetch(body.short_url, { method: 'HEAD', redirect: 'manual' });
    expect(head.status).toBe(302);
    expect(head.headers.get('location')).toBe('https://example.com/head');
  });

  test('an unknown code gets the 404 page from Next', async () => {
    const res = await fetch(`${sling.url}/NoSuch99`, { redirect: 'manual' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toContain('does not exist');
  });

  test.each([
    [{ url: 'javascript:alert(1)' }, 400, 'invalid_request', 'url'],
    [{ url: 'ftp://example.com/' }, 400, 'invalid_request', 'url'],
    [{ url: 'not a url' }, 400, 'invalid_request', 'url'],
    [{}, 400, 'invalid_request', 'url'],
    [{ url: 'https://example.com', alias: 'mine' }, 403, 'forbidden', 'alias'],
  ])('bad input %j → %i %s naming the field', async (input, status, code, field) => {
    const { res, body } = await shorten(sling, input);
    expect(res.status).toBe(status);
    expect(body.error.code).toBe(code);
    expect(typeof body.error.message).toBe('string');
    expect(body.error.details).toHaveProperty(field);
  });

  test('every answer carries the rate-limit headers, refusals included', async () => {
    const ok = await shorten(sling, { url: 'https://example.com/h' });
    const bad = await shorten(sling, { url: 'javascript:x' });
    for (const { res } of [ok, bad]) {
      expect(res.headers.get('x-ratelimit-limit')).toBe('1000');
      expect(Number(res.headers.get('x-ratelimit-remaining'))).toBeGreaterThan(900);
      expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    }
    expect(Number(bad.res.headers.get('x-ratelimit-remaining'))).toBe(Number(ok.res.headers.get('x-ratelimit-remaining')) - 1);
  });

  test('a link to our own short domain is refused (no loops)', async () => {
    const { res, body } = await shorten(sling, { url: `${sling.url}/abc` });
    expect(res.status).toBe(400);
    expect(body.error.message).toMatch(/loop/);
  });

  test('malformed bodies: invalid JSON 400, wrong content type 415, too large 413', async () => {
    expect((await shorten(sling, '{"url": ')).res.status).toBe(400);
    const form = await fetch(`${sling.url}/api/v1/shorten`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'url=x' });
    expect(form.status).toBe(415);
    expect((await form.json()).error.code).toBe('unsupported_media_type');
    const big = await shorten(sling, { url: 'https://example.com/' + 'a'.repeat(70 * 1024) });
    expect(big.res.status).toBe(413);
    expect(big.body.error.code).toBe('payload_too_large');
  });
});
