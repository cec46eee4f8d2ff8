// Link notes, UTM values, duplicates and safe renames over REST v1, on Sling in the test process (the
// API through its router, visits through its edge): UTM
// values merge into the destination and come back parsed from it; a note is kept, cleared, limited
// and found by the list search; a duplicate is a copy under a new code (not another workspace's
// link); a renamed link keeps its old code redirecting (clicks on the same link) unless the old code
// is freed (with the rename or afterwards), a held code cannot be taken, and the edge's cache
// follows every change.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { createLink, updateLink } from '../../../lib/openapi/operations/links';
import { AGENTS } from '../../helpers/agents';
import { apiClient, inProcess, offSchema, type ApiClient, type ApiResult, type CallOptions } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { until } from '../../helpers/until';

type LinkJson = {
  id: number;
  short_code: string;
  long_url: string;
  tags: string[];
  note: string | null;
  clicks: number;
  password_protected: boolean;
  max_clicks: number | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  previous_codes?: Array<{ code: string; short_url: string; since: string }>;
};

describe('link notes, UTM values, duplicates and safe renames', () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let ann: ApiClient;
  let bob: ApiClient;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    sling = await startInProcessSling(tdb.env);
    const api = apiClient(inProcess(sling));
    ann = api.as({ token: await sling.seed.userWithToken('ann@example.com', { plan: 'business' }) });
    bob = api.as({ token: await sling.seed.userWithToken('bob@example.com', { plan: 'business' }) });
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  type CreateBody = CallOptions<typeof createLink>['body'];
  type PatchBody = CallOptions<typeof updateLink>['body'];
  const post = (who: ApiClient, body: CreateBody) => who.call('createLink', { body });
  const create = async (who: ApiClient, body: CreateBody) => {
    const res = await post(who, body);
    expect(res.status, JSON.stringify(body)).toBe(201);
    return res.json as LinkJson;
  };
  const patch = (who: ApiClient, id: number, body: PatchBody) => who.call('updateLink', { params: { id }, body });
  const patched = async (who: ApiClient, id: number, body: PatchBody) => {
    const res = await patch(who, id, body);
    expect(res.status, JSON.stringify(body)).toBe(200);
    return res.json as LinkJson;
  };
  const duplicate = (who: ApiClient, id: number) => who.call('duplicateLink', { params: { id } });
  const detail = async (who: ApiClient, id: number) => (await who.call('getLink', { params: { id } })).json as LinkJson;
  const visit = async (code: string) => {
    const res = await fetch(`${sling.url}/${code}`, { redirect: 'manual', headers: { 'user-agent': AGENTS.chrome } });
    return [res.status, res.headers.get('location')] as const;
  };
  const errorOf = (res: ApiResult) => ({ status: res.status, ...(res.json as { error: { code: string; details?: Record<string, string> } }).error });

  test('POST/PATCH /api/v1/links: utm_* merge into the destination (replacing, "" removing) and come back parsed', async () => {
    const link = await create(ann, {
      url: 'https://shop.example/p?utm_source=old&x=1#top',
      alias: 'utm-a',
      utm_source: 'newsletter',
      utm_medium: ' email ',
      utm_campaign: 'spring sale',
    });
    expect(link.long_url).toBe('https://shop.example/p?utm_source=newsletter&x=1&utm_medium=email&utm_campaign=spring+sale#top');
    expect(link).toMatchObject({ utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring sale', utm_term: null, utm_content: null });

    // Without a url, the current destination takes them; "" and null remove one.
    const changed = await patched(ann, link.id, { utm_source: '', utm_term: 'shoes', utm_campaign: null });
    expect(changed.long_url).toBe('https://shop.example/p?x=1&utm_medium=email&utm_term=shoes#top');
    expect(changed).toMatchObject({ utm_source: null, utm_medium: 'email', utm_campaign: null, utm_term: 'shoes' });
    // With a new url, they go into it.
    expect((await patched(ann, link.id, { url: 'https://shop.example/q', utm_content: 'hero' })).long_url).toBe('https://shop.example/q?utm_content=hero');
    // UTM values in a plain url are reported as well.
    expect(await detail(ann, link.id)).toMatchObject({ utm_content: 'hero', utm_source: null });
    expect(await visit('utm-a')).toEqual([302, 'https://shop.example/q?utm_content=hero']);

    for (const [body, field] of [
      [{ utm_source: 7 }, 'utm_source'],
      [{ utm_medium: 'x'.repeat(201) }, 'utm_medium'],
      [{ utm_campagne: 'x' }, 'utm_campagne'],
    ] as const) {
      const res = await post(ann, offSchema({ url: 'https://shop.example/', ...body }));
      expect(errorOf(res)).toMatchObject({ status: 400, code: 'invalid_request', details: { [field]: expect.any(String) } });
    }
  });

  test('a note is kept, changed, cleared with null, limited to 2000 characters, and found by the list search', async () => {
    const link = await create(ann, { url: 'https://example.com/noted', alias: 'note-a', note: '  Printed on the spring flyer  ' });
    expect(link.note).toBe('Printed on the spring flyer');
    await create(bob, { url: 'https://example.com/bobs', note: 'Printed on the spring flyer too' });
    const found = (await ann.call('listLinks', { query: { q: 'flyer' } })).json.links.map((l: LinkJson) => l.short_code);
    expect(found).toEqual(['note-a']); // and not Bob's
    expect((await patched(ann, link.id, { note: 'Poster, March' })).note).toBe('Poster, March');
    const tooLong = await patch(ann, link.id, { note: 'x'.repeat(2001) });
    expect(errorOf(tooLong)).toMatchObject({ status: 400, details: { note: expect.stringContaining('2000') } });
    expect((await patched(ann, link.id, { note: 'x'.repeat(2000) })).note).toHaveLength(2000);
    expect((await patched(ann, link.id, { note: null })).note).toBeNull();
    expect((await patched(ann, link.id, { note: 'again' })).note).toBe('again');
    expect((await patched(ann, link.id, { note: '' })).note).toBeNull();
  });

  test("POST /api/v1/links/{id}/duplicate copies everything but the code and the password; another workspace's link is 404", async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const source = await create(ann, {
      url: 'https://example.com/dup',
      alias: 'dup-src',
      tags: ['promo'],
      note: 'the original',
      password: 'open sesame',
      max_clicks: 50,
      expiration: future,
      utm_source: 'x',
    });
    const res = await duplicate(ann, source.id);
    expect(res.status).toBe(201);
    const copy = res.json as LinkJson & { expiration: string };
    expect(copy.id).not.toBe(source.id);
    expect(copy.short_code).not.toBe('dup-src');
    expect(copy.short_code).toMatch(/^[A-Za-z0-9]{7}$/);
    expect(copy).toMatchObject({
      long_url: source.long_url,
      tags: ['promo'],
      note: 'the original',
      max_clicks: 50,
      expiration: future,
      password_protected: false,
      utm_source: 'x',
      clicks: 0,
    });
    expect(await visit(copy.short_code)).toEqual([302, 'https://example.com/dup?utm_source=x']);

    expect(errorOf(await duplicate(bob, source.id))).toMatchObject({ status: 404, code: 'not_found' });
    expect((await duplicate(ann, 999999)).status).toBe(404);
  });

  test('a renamed link keeps its old code redirecting, counted on the same link, listed as previous_codes; a held code is taken', async () => {
    const link = await create(ann, { url: 'https://example.com/renamed', alias: 'Old-Code' });
    expect(await visit('old-code')).toEqual([302, 'https://example.com/renamed']); // now in the edge's cache
    const renamed = await patched(ann, link.id, { alias: 'new-code' });
    expect(renamed.short_code).toBe('new-code');
    expect(await visit('new-code')).toEqual([302, 'https://example.com/renamed']);
    await until('the old code still redirects after the rename', async () => (await visit('Old-Code'))[0] === 302);
    expect(await visit('OLD-CODE')).toEqual([302, 'https://example.com/renamed']);
    await until('three clicks on the one link', async () => (await detail(ann, link.id)).clicks === 4, { timeoutMs: 10_000, intervalMs: 100 });
    const shown = await detail(ann, link.id);
    expect(shown.previous_codes?.map((p) => p.code)).toEqual(['Old-Code']);
    expect(shown.previous_codes?.[0].short_url).toBe(`${sling.url}/Old-Code`);

    // The edge's entry for the old code follows the link: a new destination shows there too.
    await patched(ann, link.id, { url: 'https://example.com/moved' });
    await until('the old code follows the new destination', async () => (await visit('old-code'))[1] === 'https://example.com/moved');

    // Held: no new link, no other link's rename, and the availability check says so.
    expect(errorOf(await post(ann, { url: 'https://example.com/thief', alias: 'old-code' }))).toMatchObject({
      status: 409,
      code: 'alias_taken',
      details: { alias: expect.any(String) },
    });
    expect(errorOf(await post(bob, { url: 'https://example.com/thief', alias: 'OLD-code' }))).toMatchObject({ status: 409, code: 'alias_taken' });
    const other = await create(ann, { url: 'https://example.com/other', alias: 'other-code' });
    expect(errorOf(await patch(ann, other.id, { alias: 'old-code' }))).toMatchObject({ status: 409, code: 'alias_taken' });
    expect((await detail(ann, other.id)).short_code).toBe('other-code');
    expect((await ann.call('aliasAvailability', { query: { alias: 'old-code' } })).json.available).toBe(false);

    // Renaming back takes the old code up again and keeps the one it leaves.
    const back = await patched(ann, link.id, { alias: 'old-code' });
    expect((await detail(ann, back.id)).previous_codes?.map((p) => p.code)).toEqual(['new-code']);
    expect(await visit('new-code')).toEqual([302, 'https://example.com/moved']);

    // DELETE /api/v1/links/{id}/previous-codes/{code} frees one afterwards (only in the link's workspace).
    const free = (who: ApiClient, code: string) => who.call('freePreviousCode', { params: { id: link.id, code } });
    expect(errorOf(await free(bob, 'new-code'))).toMatchObject({ status: 404, code: 'not_found' });
    expect(await visit('new-code')).toEqual([302, 'https://example.com/moved']);
    expect((await free(ann, 'NEW-code')).status).toBe(204);
    await until('the freed code stops redirecting', async () => (await visit('new-code'))[0] === 404);
    expect((await detail(ann, link.id)).previous_codes).toEqual([]);
    expect(errorOf(await free(ann, 'new-code'))).toMatchObject({ status: 404, code: 'not_found' });
  });

  test('free_old_code gives the old code up at once; a new link may take it; deleting a link frees its old codes', async () => {
    const link = await create(ann, { url: 'https://example.com/freed', alias: 'free-me' });
    expect(await visit('free-me')).toEqual([302, 'https://example.com/freed']);
    expect(errorOf(await patch(ann, link.id, { free_old_code: true }))).toMatchObject({ status: 400, details: { free_old_code: expect.any(String) } });
    expect(errorOf(await patch(ann, link.id, offSchema({ alias: 'freed-2', free_old_code: 'yes' })))).toMatchObject({
      status: 400,
      details: { free_old_code: expect.any(String) },
    });
    await patched(ann, link.id, { alias: 'freed-2', free_old_code: true });
    await until('the freed code is gone from the edge', async () => (await visit('free-me'))[0] === 404);
    expect((await detail(ann, link.id)).previous_codes).toEqual([]);
    // Taken over by someone else's link: it leads there, never to the old one.
    const taker = await create(bob, { url: 'https://example.com/taker', alias: 'free-me' });
    await until('the taken-over code leads to the new link', async () => (await visit('free-me'))[1] === 'https://example.com/taker');
    expect(taker.short_code).toBe('free-me');

    // Deleting a renamed link frees its old codes too.
    await patched(ann, link.id, { alias: 'freed-3' });
    expect(await visit('freed-2')).toEqual([302, 'https://example.com/freed']);
    expect((await ann.call('deleteLink', { params: { id: link.id } })).status).toBe(204);
    await until('the old code stops with the deleted link', async () => (await visit('freed-2'))[0] === 404);
    expect((await create(ann, { url: 'https://example.com/reuse', alias: 'freed-2' })).short_code).toBe('freed-2');
    expect(await visit('freed-2')).toEqual([302, 'https://example.com/reuse']);
  });
});
