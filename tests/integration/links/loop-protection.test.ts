// Loop protection from outside: every alias of Sling's own address (localhost for 127.0.0.1, IPv6
// and IPv4-mapped forms, other 127/8 addresses, numeric shorthands) is refused at every door that
// creates or changes a link; a looping link stored before that (inserted straight into the
// database) is never followed — a 508 page, no click — while a normal link still redirects.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../../../lib/db/open-database';
import { altchaPayload } from '../../helpers/altcha';
import { AGENTS } from '../../helpers/agents';
import { createUserWithToken } from '../../helpers/accounts';
import { migratedDatabaseKinds, type TestDatabase } from '../../helpers/databases';
import { pgUrl } from '../../helpers/services';
import { freePort, startSling, type SlingProcess } from '../../helpers/sling-process';

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

describe.each(migratedDatabaseKinds(pgUrl()))('loop protection on %s', (_name, makeDb) => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let port: number;
  let token: string;

  beforeAll(async () => {
    tdb = await makeDb();
    port = await freePort();
    // Enterprise: dozens of refused creations in a minute stay under the rate limits.
    token = await createUserWithToken(tdb.env, 'loops@example.com', 'enterprise');
    // Links stored before loop protection knew these forms, straight into the database.
    const handle = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
    try {
      for (const [code, url] of [
        ['loop-self', `http://localhost:${port}/loop-self`],
        ['loop-mapped', `http://[::ffff:127.0.0.1]:${port}/loop-self`],
        ['fine-link', 'https://example.com/fine'],
      ]) {
        await handle.query(`INSERT INTO links (domain_id, short_code, long_url, workspace_id) SELECT id, $1, $2, 'ws_system' FROM domains WHERE is_default`, [code, url]);
      }
    } finally {
      await handle.close();
    }
    sling = await startSling({ ...tdb.env, PORT: String(port), CLICK_FLUSH_MS: '100', ANON_LINKS_PER_MINUTE: '1000', ANON_LINKS_PER_DAY: '5000' });
  });
  afterAll(async () => {
    await sling?.stop();
    await tdb?.drop();
  });

  const post = (path: string, body: unknown, auth = true) =>
    fetch(`${sling.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });

  async function expectRefused(res: Response, field: string) {
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error).toMatchObject({ code: 'invalid_request', details: { [field]: expect.stringMatching(/loop/) } });
  }

  test('every alias of our own address is refused with 400 naming the url field: Variant A, REST v1, Variant B, anonymous', async () => {
    for (const hostPort of aliases(port)) {
      const url = `http://${hostPort}/somewhere`;
      await expectRefused(await post('/api.php', { url }), 'url');
      await expectRefused(await post('/api/v1/links', { url }), 'url');
      await expectRefused(await post('/api', { token, long_url: url }, false), 'long_url');
      await expectRefused(await post('/api/v1/shorten', { url, altcha: await altchaPayload(sling.url) }, false), 'url');
    }
  });

  test('changing a destination to an alias is refused too; another port on this machine is not Sling', async () => {
    const other = await freePort();
    const created = await post('/api/v1/links', { url: `http://localhost:${other}/elsewhere` });
    expect(created.status).toBe(201);
    const link = await created.json();
    const patch = await fetch(`${sling.url}/api/v1/links/${link.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ url: `http://[::1]:${port}/${link.short_code}` }),
    });
    await expectRefused(patch, 'url');
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
    expect(await sling.stop()).toBe(0);
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
