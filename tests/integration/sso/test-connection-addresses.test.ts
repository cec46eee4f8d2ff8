// "Test connection" against an identity provider whose name is re-pointed between lookups (DNS
// rebinding), on every database: the test's resolver answers the address it treats as public
// (127.0.0.2) the first time and a private one (127.0.0.3) every time after, and an HTTP server
// listens on each. Sling must connect to the address it checked and nowhere else: each request
// resolves the name once, at connect time, and a private answer refuses that request with no
// connection made. (A check that looked the name up and then let fetch() look it up again would
// pass the first answer and connect to the second.)
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Resolve } from '../../../lib/safety/checked-lookup';
import { createConnection, testConnection, type SsoScope } from '../../../lib/sso/manage-connections';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { openTestContext } from '../../helpers/open-test-handle';
import { makeUser } from '../../helpers/workspace-fixtures';

const CHECKED = '127.0.0.2';
const REBOUND = '127.0.0.3';
const HOST = 'idp.rebind.test';

function listen(address: string, port: number, handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Server> {
  const server = createServer(handler);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, address, () => resolve(server));
  });
}

describe(`SSO "Test connection" and DNS rebinding on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let ctx: Awaited<ReturnType<typeof openTestContext>>;
  let checked: Server;
  let rebound: Server;
  let issuer: string;
  const seen: Record<string, string[]> = { [CHECKED]: [], [REBOUND]: [] };

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    ctx = await openTestContext(tdb);
    // The provider at the checked address serves a discovery document whose endpoints are on the
    // same name; the one at the rebound address answers anything.
    checked = await listen(CHECKED, 0, (req, res) => {
      seen[CHECKED].push(`${req.method} ${req.url}`);
      const json = (body: object) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.url === '/.well-known/openid-configuration')
        return json({ issuer, authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks` });
      res.writeHead(404).end();
    });
    const port = (checked.address() as { port: number }).port;
    issuer = `http://${HOST}:${port}`;
    rebound = await listen(REBOUND, port, (req, res) => {
      seen[REBOUND].push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"keys":[{"kty":"oct"}],"error":"invalid_grant"}');
    });
  });
  afterAll(async () => {
    await Promise.all([checked, rebound].map((s) => s && new Promise((r) => s.close(r))));
    await ctx?.handle.close();
    await tdb?.drop();
  });

  test('each request connects to the address its own lookup approved; the re-pointed name is refused and never reached', async () => {
    const lookups: string[] = [];
    const resolve: Resolve = (hostname, _opts, callback) => {
      lookups.push(hostname);
      callback(null, [{ address: lookups.length === 1 ? CHECKED : REBOUND, family: 4 }]);
    };
    const user = await makeUser(ctx.handle.db, 'rebind-owner', 'enterprise');
    const scope: SsoScope = {
      db: ctx.handle.db,
      actor: user.actor,
      secretKey: 'x'.repeat(64),
      baseUrl: 'https://sling.example',
      // 127.0.0.2 stands for a public address here; every other private address is refused.
      allowPrivate: (address) => address === CHECKED,
      resolve,
    };
    const row = await createConnection(scope, { type: 'oidc', issuer, client_id: 'c', client_secret: 's', domain: 'rebind.test' });
    const tested = await testConnection(scope, row.id);

    const checks = Object.fromEntries((tested.checks ?? []).map((c) => [c.id, c]));
    expect(checks.discovery.status).toBe('passed');
    expect(checks.issuer.status).toBe('passed');
    // The keys and the token endpoint are on the same name, which now answers the private address.
    expect(checks.jwks).toMatchObject({ status: 'failed', detail: `${HOST} cannot be reached: ${HOST} resolves to a non-public address (${REBOUND}).` });
    expect(checks.client).toMatchObject({ status: 'failed', detail: expect.stringContaining(`non-public address (${REBOUND})`) });
    expect(tested.testPassed).toBe(false);
    // One lookup per request, each used for its own connection.
    expect(lookups).toEqual([HOST, HOST, HOST]);
    expect(seen[CHECKED]).toEqual(['GET /.well-known/openid-configuration']);
    expect(seen[REBOUND]).toEqual([]);
  });
});
