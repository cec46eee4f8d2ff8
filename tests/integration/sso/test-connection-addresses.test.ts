// "Test connection" against an identity provider whose name is re-pointed between lookups (DNS
// rebinding), through HTTP on every database: Sling runs in the test process with the test's own
// name lookup (startInProcessSling({ lookup }), lib/safety/name-lookup.ts), which answers the
// address the operator allowed (SSO_ALLOW_PRIVATE_ISSUERS=127.0.0.2, standing for a public one here)
// the first time and a private one (127.0.0.3) every time after; an HTTP server listens on each.
// Sling must connect to the address it checked and nowhere else: each request resolves the name
// once, at connect time, and a refused answer refuses that request with no connection made. (A
// check that looked the name up and then let fetch() look it up again would pass the first answer
// and connect to the second.) The same list form refuses, when a connection is saved, an issuer
// whose name resolves outside it.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Resolve } from '../../../lib/safety/name-lookup';
import { apiClient, overHttp, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { makeEnterpriseTeam, PASSWORD } from '../../helpers/sso-fixtures';

const ALLOWED = '127.0.0.2';
const REBOUND = '127.0.0.3';
const HOST = 'idp.rebind.test';
const OWNER = 'rebind-owner@rebind.test';

function listen(address: string, port: number, handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Server> {
  const server = createServer(handler);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, address, () => resolve(server));
  });
}

describe(`SSO "Test connection" and DNS rebinding, over HTTP on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let owner: ApiClient;
  let allowed: Server;
  let rebound: Server;
  let issuer: string;
  const seen: Record<string, string[]> = { [ALLOWED]: [], [REBOUND]: [] };
  // What the test's resolver answers: each name's list of answers, the last one repeating.
  const answers = new Map<string, string[]>();
  const lookups: string[] = [];
  const lookup: Resolve = (hostname, _opts, callback) => {
    const queue = answers.get(hostname);
    if (!queue) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    lookups.push(hostname);
    const address = queue.length > 1 ? queue.shift()! : queue[0];
    callback(null, [{ address, family: 4 }]);
  };

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    // The provider at the allowed address serves a discovery document whose endpoints are on the
    // same name; the one at the rebound address answers anything.
    allowed = await listen(ALLOWED, 0, (req, res) => {
      seen[ALLOWED].push(`${req.method} ${req.url}`);
      const json = (body: object) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.url === '/.well-known/openid-configuration')
        return json({ issuer, authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks` });
      res.writeHead(404).end();
    });
    const port = (allowed.address() as { port: number }).port;
    issuer = `http://${HOST}:${port}`;
    rebound = await listen(REBOUND, port, (req, res) => {
      seen[REBOUND].push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"keys":[{"kty":"oct"}],"error":"invalid_grant"}');
    });
    sling = await startInProcessSling({ ...tdb.env, SSO_ALLOW_PRIVATE_ISSUERS: ALLOWED }, { lookup });
    await sling.seed.user(OWNER, { plan: 'free', password: PASSWORD, name: 'owner' });
    await makeEnterpriseTeam(sling.handle, 'rebind', OWNER);
    owner = apiClient(overHttp(sling.url), { token: await sling.seed.token(OWNER, { workspace: 'rebind' }) });
  });
  afterAll(async () => {
    await Promise.all([allowed, rebound].map((s) => s && new Promise((r) => s.close(r))));
    await sling?.close();
    await tdb?.drop();
  });

  const oidc = (url: string) => ({ type: 'oidc' as const, issuer: url, client_id: 'c', client_secret: 's', domain: 'rebind.test' });

  test('each request connects to the address its own lookup approved; the re-pointed name is refused and never reached', async () => {
    answers.set(HOST, [ALLOWED]);
    const created = await owner.call('createSsoConnection', { body: oidc(issuer) });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    // From here on, the name answers the allowed address once, then the private one.
    lookups.length = 0;
    answers.set(HOST, [ALLOWED, REBOUND]);
    const tested = await owner.call('ssoConnectionAction', { params: { id: created.json.connection.id, action: 'test' } });
    expect(tested.status).toBe(200);
    const checks = Object.fromEntries(tested.json.connection.test.checks.map((c: { id: string }) => [c.id, c]));
    expect(checks.discovery.status).toBe('passed');
    expect(checks.issuer.status).toBe('passed');
    // The keys and the token endpoint are on the same name, which now answers the private address.
    expect(checks.jwks).toMatchObject({ status: 'failed', detail: `${HOST} cannot be reached: ${HOST} resolves to a non-public address (${REBOUND}).` });
    expect(checks.client).toMatchObject({ status: 'failed', detail: expect.stringContaining(`non-public address (${REBOUND})`) });
    // One lookup per request, each used for its own connection.
    expect(lookups).toEqual([HOST, HOST, HOST]);
    expect(seen[ALLOWED]).toEqual(['GET /.well-known/openid-configuration']);
    expect(seen[REBOUND]).toEqual([]);
    const after = await owner.call('getSsoConnection', { params: { id: created.json.connection.id } });
    expect(after.json.connection).toMatchObject({ enabled: false, test: { passed: false } });
  });

  test('with a list in SSO_ALLOW_PRIVATE_ISSUERS, an issuer resolving outside it is refused when saved; one inside it is not', async () => {
    answers.set('outside.rebind.test', [REBOUND]);
    const refused = await owner.call('createSsoConnection', { body: oidc('http://outside.rebind.test') });
    expect(refused.status).toBe(400);
    expect(refused.json.error.details.issuer).toBe(
      `resolves to a non-public address (${REBOUND}); identity providers must be on public addresses unless the operator allows them with SSO_ALLOW_PRIVATE_ISSUERS`,
    );
    const literal = await owner.call('createSsoConnection', { body: oidc(`http://${REBOUND}:8080`) });
    expect(literal.status).toBe(400);
    expect(literal.json.error.details.issuer).toContain(`is a non-public address (${REBOUND})`);
    // Addresses still on the list, and public ones, are accepted (http too, since a list is set).
    answers.set('inside.rebind.test', [ALLOWED]);
    expect((await owner.call('createSsoConnection', { body: oidc('http://inside.rebind.test') })).status).toBe(201);
  });
});
