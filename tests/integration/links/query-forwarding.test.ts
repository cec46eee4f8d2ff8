// Query forwarding per link (issue 31, point 5): a visit's query string is added to the destination
// unless the link's `forward_query` is false, then the destination is followed exactly as saved, at
// the redirect and after a password prompt alike. Set and read through REST v1 and Variant A, over
// Sling in the test process, visited over HTTP, on both databases.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AGENTS } from '../../helpers/agents';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';

describe(`query forwarding per link on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let owner: ApiClient;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    sling = await startInProcessSling(tdb.env);
    owner = apiClient(inProcess(sling), { token: await sling.seed.userWithToken('forward@example.com', { plan: 'business' }) });
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  const locationOf = async (path: string) => {
    const res = await fetch(`${sling.url}${path}`, { redirect: 'manual', headers: { 'user-agent': AGENTS.chrome } });
    await res.arrayBuffer();
    return res.headers.get('location');
  };

  test('REST v1: on by default; off sends visitors to the destination as saved; turned back on, the query rides along again', async () => {
    const plain = await owner.call('createLink', { body: { url: 'https://example.com/a#top' } });
    expect(plain.json.forward_query).toBe(true);
    expect(await locationOf(`/${plain.json.short_code}?ref=mail`)).toBe('https://example.com/a?ref=mail#top');

    const fixed = await owner.call('createLink', { body: { url: 'https://example.com/b?id=7#top', forward_query: false } });
    expect(fixed.status).toBe(201);
    expect(fixed.json.forward_query).toBe(false);
    const code = fixed.json.short_code;
    expect(await locationOf(`/${code}?ref=mail&utm_source=x`)).toBe('https://example.com/b?id=7#top');
    expect((await owner.call('getLink', { params: { id: fixed.json.id } })).json.forward_query).toBe(false);

    const on = await owner.call('updateLink', { params: { id: fixed.json.id }, body: { forward_query: true } });
    expect(on.status).toBe(200);
    expect(on.json.forward_query).toBe(true);
    expect(await locationOf(`/${code}?ref=mail`)).toBe('https://example.com/b?id=7&ref=mail#top');
  });

  test('Variant A takes it on create and update and shows it; anything but a boolean is a 400 naming the field', async () => {
    const created = await owner.call('apiPhpCreate', { body: { url: 'https://example.com/c', alias: 'fixed-c', forward_query: false } });
    expect(created.status).toBe(201);
    expect(created.json.forward_query).toBe(false);
    expect(await locationOf('/fixed-c?ref=x')).toBe('https://example.com/c');
    const updated = await owner.call('apiPhpUpdate', { query: { slug: 'fixed-c' }, body: { forward_query: true } });
    expect(updated.status).toBe(200);
    expect(await locationOf('/fixed-c?ref=x')).toBe('https://example.com/c?ref=x');

    const bad = await owner.fetch('/api/v1/links', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://example.com/d', forward_query: 'no' }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.details).toEqual({ forward_query: 'forward_query must be true or false.' });
  });

  test('a protected link that does not forward the query sends the unlocked visitor to the destination as saved', async () => {
    const created = await owner.call('createLink', { body: { url: 'https://example.com/locked', password: 'open sesame', forward_query: false } });
    const code = created.json.short_code;
    const right = await fetch(`${sling.url}/l/protected/${code}?ref=mail`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': AGENTS.chrome },
      body: new URLSearchParams({ password: 'open sesame' }),
    });
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('https://example.com/locked');
    // With the unlock cookie, the edge's redirect too.
    const cookie = right.headers.get('set-cookie')!.split(';', 1)[0];
    const again = await fetch(`${sling.url}/${code}?ref=mail`, { redirect: 'manual', headers: { cookie, 'user-agent': AGENTS.chrome } });
    expect(again.headers.get('location')).toBe('https://example.com/locked');
  });
});
