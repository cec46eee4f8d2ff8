// @sling/sdk against a running Sling (the built server, as a user runs it): typed calls for each
// kind of operation, page-by-page lists, the token's scopes enforced by the API and surfacing as
// SlingError with Sling's code. How requests are built and retried is tests/unit/sdk-client.test.ts's.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Sling, SlingError } from '@sling/sdk';
import { createUserWithToken } from '../../helpers/accounts';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { seedToken } from '../../helpers/seed-in-process';
import { startSling, type SlingProcess } from '../../helpers/sling-process';

describe('@sling/sdk against a running Sling', () => {
  let tdb: TestDatabase;
  let server: SlingProcess;
  let sling: Sling;
  let readOnly: Sling;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    // Business: the Free plan's 10 calls a minute would have the SDK wait out Retry-After mid-suite.
    const token = await createUserWithToken(tdb.env, 'sdk@example.com', 'business');
    const readToken = await seedToken(tdb.env, 'sdk@example.com', { scopes: ['links:read'] });
    server = await startSling(tdb.env);
    sling = new Sling({ baseUrl: server.url, token });
    readOnly = new Sling({ baseUrl: server.url, token: readToken });
  });
  afterAll(async () => {
    await server?.stop();
    await tdb?.drop();
  });

  test('createLink, getLink, updateLink, listLinks and deleteLink: the answers are the API’s', async () => {
    const created = await sling.createLink({ body: { url: 'https://example.com/sdk', alias: 'sdk-launch', tags: ['sdk'] } });
    expect(created).toMatchObject({ short_code: 'sdk-launch', long_url: 'https://example.com/sdk', tags: ['sdk'] });
    expect(created.short_url).toBe(`${server.url}/sdk-launch`);

    expect(await sling.getLink({ params: { id: created.id } })).toMatchObject({ id: created.id, short_code: 'sdk-launch' });
    const updated = await sling.updateLink({ params: { id: created.id }, body: { url: 'https://example.com/sdk-2' } });
    expect(updated.long_url).toBe('https://example.com/sdk-2');
    const visit = await fetch(created.short_url, { redirect: 'manual' });
    expect(visit.headers.get('location')).toBe('https://example.com/sdk-2');

    const list = await sling.listLinks({ query: { q: 'sdk-launch' } });
    expect(list.links.map((l) => l.id)).toEqual([created.id]);
    expect(await sling.listTags()).toMatchObject({ tags: expect.arrayContaining([expect.objectContaining({ name: 'sdk' })]) });

    expect(await sling.deleteLink({ params: { id: created.id } })).toBeUndefined();
    const gone = await sling.getLink({ params: { id: created.id } }).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(SlingError);
    expect(gone).toMatchObject({ status: 404, code: 'not_found' });
  });

  test('paginate walks a list page by page to its end', async () => {
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await sling.createLink({ body: { url: `https://example.com/page/${i}`, tags: ['paged'] } })).id);
    const seen = [];
    for await (const link of sling.paginate('listLinks', { query: { tag: 'paged', limit: 2 } })) seen.push(link.id);
    expect(seen.sort()).toEqual(made.sort());
  });

  test('a bad body is invalid_request naming the field; the QR code comes back as an image', async () => {
    const err = await sling.createLink({ body: { url: 'not a url' } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(Object.keys((err as SlingError).details ?? {})).toContain('url');

    const link = await sling.createLink({ body: { url: 'https://example.com/qr' } });
    const png = await sling.getLinkQr({ params: { id: link.id } });
    expect(png.type).toBe('image/png');
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    const svg = await sling.getLinkQr({ params: { id: link.id }, query: { format: 'svg' } });
    expect(await svg.text()).toMatch(/^<svg|^<\?xml/);
  });

  test('a links:read token reads but cannot create: forbidden, and nothing is made', async () => {
    const before = (await readOnly.listLinks()).total;
    const err = await readOnly.createLink({ body: { url: 'https://example.com/not-allowed' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SlingError);
    expect(err).toMatchObject({ status: 403, code: 'forbidden' });
    expect((await sling.listLinks()).total).toBe(before);
    const noToken = await new Sling({ baseUrl: server.url }).listLinks().catch((e: unknown) => e);
    expect(noToken).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  test('workspace statistics and domains', async () => {
    const stats = await sling.workspaceStats({ query: { interval: 'day' } });
    expect(stats).toHaveProperty('clicks');
    expect(await sling.listDomains()).toHaveProperty('domains');
  });
});
