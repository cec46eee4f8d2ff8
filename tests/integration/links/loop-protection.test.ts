// Loop protection from outside, on Sling in the test process (the API through its router, visits
// through its edge on the port the aliases name): every alias of Sling's own address (localhost for 127.0.0.1, IPv6
// and IPv4-mapped forms, other 127/8 addresses, numeric shorthands) is refused at every door that
// creates or changes a link; a looping link stored before that (inserted straight into the
// database) is never followed — a 508 page, no click — while a normal link still redirects.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../../../lib/db/open-database';
import { ensureDefaultDomain } from '../../../lib/domains/domain-registry';
import { altchaPayload } from '../../helpers/altcha';
import { AGENTS } from '../../helpers/agents';
import { apiClient, inProcess, type ApiClient, type ApiResult } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { freePort } from '../../helpers/sling-process';

/** Host:port forms that all reach a Sling listening on 127.0.0.1:<port>. */
const aliases = (port: number) => [
  `localhost:${port}`,
  `LOCALHOST.:${port}`,
  `app.localhost:${port}`,
  `[::1]:${port}`,
  `[::ffff:127.0.0.1]:${port}`,
  `127.0.0.2:${port}`,
  `2130706433:${port}`,
  `0x7f.1:${port}`,
  `0.0.0.0:${port}`,
];

describe(`loop protection on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let port: number;
  let token: string;
  let api: ApiClient;

  beforeAll(async () => {
    tdb = await makeDb();
    port = await freePort();
    // Links stored before loop protection knew these forms, straight into the database.
    const handle = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
    try {
      // The default domain as the server makes it at its start (its address: 127.0.0.1).
      await ensureDefaultDomain(handle, '127.0.0.1');
      for (const [code, url] of [
        ['loop-self', `http://localhost:${port}/loop-self`],
        ['loop-mapped', `http://[::ffff:127.0.0.1]:${port}/loop-self`],
        ['fine-link', 'https://example.com/fine'],
      ]) {
        await handle.query(`INSERT INTO links (domain_id, short_code, long_url, workspace_id) SELECT id, $1, $2, 'ws_system' FROM domains WHERE is_default`, [
          code,
          url,
        ]);
      }
    } finally {
      await handle.close();
    }
    sling = await startInProcessSling({ ...tdb.env, PORT: String(port), CLICK_FLUSH_MS: '100', ANON_LINKS_PER_MINUTE: '1000', ANON_LINKS_PER_DAY: '5000' });
    // Enterprise: dozens of refused creations in a minute stay under the rate limits.
    token = await sling.seed.userWithToken('loops@example.com', { plan: 'enterprise' });
    api = apiClient(inProcess(sling), { token });
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  function expectRefused(res: ApiResult, field: string) {
    expect(res.status).toBe(400);
    const { error } = res.json;
    expect(error).toMatchObject({ code: 'invalid_request', details: { [field]: expect.stringMatching(/loop/) } });
  }

  test('every alias of our own address is refused with 400 naming the url field: Variant A, REST v1, Variant B, anonymous', async () => {
    for (const hostPort of aliases(port)) {
      const url = `http://${hostPort}/somewhere`;
      expectRefused(await api.call('apiPhpCreate', { body: { url } }), 'url');
      expectRefused(await api.call('createLink', { body: { url } }), 'url');
      expectRefused(await api.call('variantBCreate', { as: { tokenParam: token }, body: { long_url: url } }), 'long_url');
      expectRefused(await api.call('shortenAnonymously', { as: 'none', body: { url, altcha: await altchaPayload(sling.url) } }), 'url');
    }
  });

  test('changing a destination to an alias is refused too; another port on this machine is not Sling', async () => {
    const other = await freePort();
    const created = await api.call('createLink', { body: { url: `http://localhost:${other}/elsewhere` } });
    expect(created.status).toBe(201);
    const link = created.json;
    const patch = await api.call('updateLink', { params: { id: link.id }, body: { url: `http://[::1]:${port}/${link.short_code}` } });
    expectRefused(patch, 'url');
  });

  test('a looping link stored earlier is not followed (508 page, twice: load and cache hit) and counts no click', async () => {
    for (const code of ['loop-self', 'loop-mapped', 'loop-self', 'loop-mapped']) {
      const res = await fetch(`${sling.url}/${code}`, { redirect: 'manual', headers: { 'user-agent': AGENTS.chrome } });
      expect(res.status).toBe(508);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.text()).toContain('leads back to itself');
    }
    const page = await fetch(`${sling.url}/l/loop/loop-self`, { redirect: 'manual', headers: { 'user-agent': AGENTS.chrome } });
    expect(page.status).toBe(508);
    const fine = await fetch(`${sling.url}/fine-link`, { redirect: 'manual', headers: { 'user-agent': AGENTS.chrome } });
    expect(fine.status).toBe(302);

    // The shutdown flushes the click buffer: what is stored now is all there will be.
    await sling.close();
    const handle = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
    try {
      const rows = await handle.query<{ short_code: string; clicks: number; stored: number }>(
        `SELECT l.short_code, l.clicks::int AS clicks, (SELECT count(*) FROM clicks c WHERE c.link_id = l.id)::int AS stored
         FROM links l WHERE l.short_code IN ('loop-self', 'loop-mapped', 'fine-link') ORDER BY l.short_code`,
      );
      expect(rows).toEqual([
        { short_code: 'fine-link', clicks: 1, stored: 1 },
        { short_code: 'loop-mapped', clicks: 0, stored: 0 },
        { short_code: 'loop-self', clicks: 0, stored: 0 },
      ]);
    } finally {
      await handle.close();
    }
  });
});
