// An `edge` instance (no Next.js) behind a TCP balancer still serves whole link pages: the edge
// renders the password prompt from the cached link, and the form's POST is answered by the link
// pages' own handler (lib/server/link-page-dispatch.ts), as on an instance with Next.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SYSTEM_WORKSPACE_ID } from '../../../db/schema';
import { openDatabase } from '../../../lib/db/open-database';
import type { DbHandle } from '../../../lib/db/types';
import { loadDomainRegistry } from '../../../lib/domains/domain-registry';
import { createLink } from '../../../lib/links/create-link';
import { createPostgresDatabase, type TestDatabase } from '../../helpers/databases';
import { pgUrl } from '../../helpers/services';
import { startSling, type SlingProcess } from '../../helpers/sling-process';

const pgServer = pgUrl();

describe.skipIf(!pgServer)('link pages on an edge instance', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let handle: DbHandle;

  beforeAll(async () => {
    tdb = await createPostgresDatabase(pgServer!, { migrated: true });
    sling = await startSling(tdb.env, ['--role', 'edge']);
    handle = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: '', maxConnections: 1 });
    const host = new URL(sling.url).host;
    const domains = await loadDomainRegistry(handle, { baseUrl: sling.url, baseHost: host, linkHost: host });
    const ctx = { handle, domains };
    await createLink({ workspaceId: SYSTEM_WORKSPACE_ID, url: 'https://example.com/secret', alias: 'edge-locked', password: 'open sesame' }, ctx);
    await createLink(
      { workspaceId: SYSTEM_WORKSPACE_ID, url: 'https://example.com/old', alias: 'edge-expired', expiresAt: new Date(Date.now() + 3_600_000) },
      ctx,
    );
    await handle.query(`UPDATE links SET expires_at = now() - interval '1 minute' WHERE short_code = 'edge-expired'`);
  }, 180_000);
  afterAll(async () => {
    await handle?.close();
    await sling?.stop();
    await tdb?.drop();
  });

  const submit = (password: string) =>
    fetch(`${sling.url}/l/protected/edge-locked`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: sling.url },
      body: new URLSearchParams({ password }),
    });

  test('the password prompt, a wrong password, then the right one redirects with the unlock cookie', async () => {
    const prompt = await fetch(`${sling.url}/edge-locked`, { redirect: 'manual' });
    expect(prompt.status).toBe(200);
    expect(await prompt.text()).toContain('action="/l/protected/edge-locked"');

    const wrong = await submit('nope');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('Wrong password');

    const right = await submit('open sesame');
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('https://example.com/secret');
    const cookie = right.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^sl_unlock_\d+=/);
    // The unlock cookie lets the visitor through at the edge.
    const again = await fetch(`${sling.url}/edge-locked`, { redirect: 'manual', headers: { cookie: cookie.split(';')[0] } });
    expect(again.status).toBe(302);
  });

  test('a direct visit to a link page is answered; other paths and methods are not', async () => {
    const expired = await fetch(`${sling.url}/l/expired/edge-expired`);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('Link Expired');
    expect((await fetch(`${sling.url}/l/expired/edge-expired`, { method: 'POST', headers: { origin: sling.url } })).status).toBe(404);
    expect((await fetch(`${sling.url}/api/v1/links`)).status).toBe(404);
  });
});
