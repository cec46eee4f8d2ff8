// POST /api/v1/links/bulk-update on Sling in the test process: archive and unarchive, tags added
// and removed (at most 10 a link: too many refuses everything), a move to another domain where one
// code is taken (that link is named in `failed` and left alone, the others move and redirect there),
// and another workspace's ids (404, nothing changed on either side).
import { request } from 'node:http';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { domains, events } from '../../../db/schema';
import { invalidationBus } from '../../../lib/cache/invalidation-bus';
import type { createLink } from '../../../lib/openapi/operations/links';
import { apiClient, inProcess, offSchema, type ApiClient, type ApiResult, type CallOptions } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { until } from '../../helpers/until';

/** The status of a visit to `path` on a custom domain (its Host header, which fetch does not let one set). */
function statusAt(port: number, host: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

function expectError(res: ApiResult, status: number, code: string, field?: string) {
  expect(res.status).toBe(status);
  expect(res.json.error.code).toBe(code);
  if (field) expect(Object.keys(res.json.error.details ?? {})).toContain(field);
  return res.json.error;
}

describe(`POST /api/v1/links/bulk-update on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let ann: ApiClient;
  let bob: ApiClient;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    sling = await startInProcessSling(tdb.env);
    const nobody = apiClient(inProcess(sling));
    ann = nobody.as({ token: await sling.seed.userWithToken('ann@example.com', { plan: 'enterprise' }) });
    bob = nobody.as({ token: await sling.seed.userWithToken('bob@example.com', { plan: 'enterprise' }) });
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  const create = async (api: ApiClient, body: CallOptions<typeof createLink>['body']) => {
    const res = await api.call('createLink', { body });
    expect(res.status).toBe(201);
    return res.json;
  };
  const get = async (id: number) => (await ann.call('getLink', { params: { id } })).json;
  const statusOn = (host: string, path: string) => statusAt(Number(new URL(sling.url).port), host, path);
  const bulk = (api: ApiClient, body: object) => api.call('bulkUpdateLinks', { body: body as never });

  test('archives and unarchives, and says how many', async () => {
    const mine = await Promise.all(['bu-arch-1', 'bu-arch-2'].map((alias) => create(ann, { url: `https://example.com/${alias}`, alias })));
    const ids = mine.map((l) => l.id);
    const archived = await bulk(ann, { ids, archived: true });
    expect(archived.status).toBe(200);
    expect(archived.json).toEqual({ updated: 2, failed: [] });
    for (const id of ids) expect((await get(id)).archived_at).toEqual(expect.any(String));
    // One link.updated a link, in the public shape, as a PATCH writes.
    const written = await sling.handle.db
      .select({ linkId: events.linkId, data: events.data })
      .from(events)
      .where(and(eq(events.type, 'link.updated'), inArray(events.linkId, ids)))
      .orderBy(events.linkId);
    expect(written.map((e) => [Number(e.linkId), (e.data as { archived: boolean }).archived])).toEqual([...ids].sort((x, y) => x - y).map((id) => [id, true]));
    // Archived links still redirect.
    expect((await fetch(`${sling.url}/bu-arch-1`, { redirect: 'manual' })).status).toBe(302);
    expect((await bulk(ann, { ids, archived: false })).json).toEqual({ updated: 2, failed: [] });
    for (const id of ids) expect((await get(id)).archived_at).toBeNull();
  });

  test('adds and removes tags, and refuses an 11th tag on any link without changing any', async () => {
    const a = await create(ann, { url: 'https://example.com/bu-tag-a', alias: 'bu-tag-a', tags: ['keep', 'old'] });
    const b = await create(ann, { url: 'https://example.com/bu-tag-b', alias: 'bu-tag-b' });
    const res = await bulk(ann, { ids: [a.id, b.id], add_tags: ['New One', 'keep'], remove_tags: ['old'] });
    expect(res.json).toEqual({ updated: 2, failed: [] });
    expect((await get(a.id)).tags).toEqual(['keep', 'new-one']);
    expect((await get(b.id)).tags).toEqual(['new-one', 'keep']);

    const full = await create(ann, { url: 'https://example.com/bu-tag-full', alias: 'bu-tag-full', tags: Array.from({ length: 9 }, (_, i) => `t${i}`) });
    const refused = expectError(await bulk(ann, { ids: [b.id, full.id], add_tags: ['x1', 'x2'] }), 400, 'invalid_request', 'add_tags');
    expect(refused.details.ids).toEqual([full.id]);
    expect((await get(b.id)).tags).toEqual(['new-one', 'keep']);
    expect((await get(full.id)).tags).toHaveLength(9);
    // One more fits; remove_tags in the same request makes room first.
    expect((await bulk(ann, { ids: [full.id], add_tags: ['x1', 'x2'], remove_tags: ['t0'] })).json).toEqual({ updated: 1, failed: [] });
    expect((await get(full.id)).tags).toHaveLength(10);
    expectError(await bulk(ann, { ids: [b.id], add_tags: Array.from({ length: 11 }, (_, i) => `y${i}`) }), 400, 'invalid_request', 'add_tags');
  });

  test('moves links to another domain; a taken code stays where it is and is named in failed', async () => {
    const added = await ann.call('addDomain', { body: { hostname: 'go.bulk.test' } });
    expect(added.status).toBe(201);
    const target = added.json.domain.id as number;
    // A pending domain takes no links.
    const one = await create(ann, { url: 'https://example.com/bu-move-1', alias: 'bu-move-1' });
    expectError(await bulk(ann, { ids: [one.id], domain_id: target }), 400, 'invalid_request', 'domain_id');
    await sling.handle.db.update(domains).set({ status: 'verified', verifiedAt: new Date() }).where(eq(domains.id, target));
    invalidationBus().publish('domain:go.bulk.test');
    // The registry reads the domain again; a link made there proves it is verified now.
    await until(
      'the domain verified',
      async () => (await ann.call('createLink', { body: { url: 'https://example.com/t', alias: 'BU-Taken', domain_id: target } })).status === 201,
    );

    const two = await create(ann, { url: 'https://example.com/bu-move-2', alias: 'bu-move-2' });
    const taken = await create(ann, { url: 'https://example.com/bu-taken', alias: 'bu-taken' });
    // Resolved once on the old domain, so the edge has it cached.
    expect((await fetch(`${sling.url}/bu-move-1`, { redirect: 'manual' })).status).toBe(302);

    const res = await bulk(ann, { ids: [one.id, two.id, taken.id], domain_id: target, archived: true });
    expect(res.status).toBe(200);
    expect(res.json.updated).toBe(2);
    expect(res.json.failed).toEqual([{ id: taken.id, code: 'alias_taken', message: expect.stringContaining('go.bulk.test') }]);
    expect(await get(one.id)).toMatchObject({
      domain: { id: target, hostname: 'go.bulk.test' },
      short_url: expect.stringContaining('go.bulk.test/bu-move-1'),
      archived_at: expect.any(String),
    });
    expect(await get(taken.id)).toMatchObject({ domain: one.domain, archived_at: null });
    // The old address stops at once (the cache was told), the new one redirects.
    expect((await fetch(`${sling.url}/bu-move-1`, { redirect: 'manual' })).status).toBe(404);
    expect(await statusOn('go.bulk.test', '/bu-move-1')).toBe(302);
    // The list filters by domain.
    const onTarget = await ann.call('listLinks', { query: { domain_id: String(target), archived: 'include', sort: 'code', order: 'asc' } });
    expect(onTarget.json.links.map((l: { short_code: string }) => l.short_code)).toEqual(['bu-move-1', 'bu-move-2', 'BU-Taken']);
    expectError(await ann.call('listLinks', { query: { domain_id: 'x' } }), 400, 'invalid_request', 'domain_id');

    // Undo: back to where each came from.
    expect((await bulk(ann, { ids: [one.id, two.id], domain_id: one.domain.id, archived: false })).json).toEqual({ updated: 2, failed: [] });
    expect((await fetch(`${sling.url}/bu-move-1`, { redirect: 'manual' })).status).toBe(302);
    expect(await statusOn('go.bulk.test', '/bu-move-1')).toBe(404);
  });

  test("another workspace's ids: 404, and nothing changes on either side", async () => {
    const mine = await create(ann, { url: 'https://example.com/bu-mine', alias: 'bu-mine' });
    const theirs = await create(bob, { url: 'https://example.com/bu-theirs', alias: 'bu-theirs', tags: ['bobs'] });
    const refused = expectError(await bulk(ann, { ids: [mine.id, theirs.id], archived: true, add_tags: ['x'] }), 404, 'not_found');
    expect(refused.message).toContain(String(theirs.id));
    expect(await get(mine.id)).toMatchObject({ archived_at: null, tags: [] });
    expect((await bob.call('getLink', { params: { id: theirs.id } })).json).toMatchObject({ archived_at: null, tags: ['bobs'] });
  });

  test('bad bodies are 400 naming the field', async () => {
    expectError(await bulk(ann, { ids: [], archived: true }), 400, 'invalid_request', 'ids');
    expectError(await bulk(ann, { ids: Array.from({ length: 501 }, (_, i) => i + 1), archived: true }), 400, 'invalid_request', 'ids');
    expectError(await bulk(ann, { ids: [1] }), 400, 'invalid_request', 'body');
    expectError(await bulk(ann, offSchema({ ids: [1], archived: 'yes' })), 400, 'invalid_request', 'archived');
    expectError(await bulk(ann, offSchema({ ids: [1], folder: 3 })), 400, 'invalid_request');
    expectError(await bulk(ann, { ids: [1], domain_id: 0 }), 400, 'invalid_request', 'domain_id');
  });
});
