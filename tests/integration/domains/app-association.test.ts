// A custom domain's app association files (deep links into its owner's apps): set with PATCH
// /api/v1/domains/{id} (apple_app_site_association, asset_links; owners and admins), served over
// HTTP at the domain's /.well-known/apple-app-site-association, /apple-app-site-association and
// /.well-known/assetlinks.json as JSON with no redirect (not even the move to HTTPS of a domain with
// a certificate), a 404 where unset, never on another domain or the app host; a change shows at once
// (the per-host cache is dropped); wrong files are a 400 naming the place in the file.
// On Sling in the test process, over real HTTP: the API on the app host, the domains by Host header.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { certificates } from '../../../db/schema';
import { openDatabase } from '../../../lib/db/open-database';
import { apiClient, offSchema, overHttp, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { seedLandingFixture, type LandingFixture, type LandingWho } from '../../helpers/landing-fixtures';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { freePort } from '../../helpers/sling-process';
import { until } from '../../helpers/until';

const HOST = 'go.apps.test';
const OTHER = 'hi.apps.test';
const APPLE = '/.well-known/apple-app-site-association';
const ANDROID = '/.well-known/assetlinks.json';

const AASA = {
  applinks: { details: [{ appIDs: ['ABCDE12345.com.example.app'], components: [{ '/': '/app/*', comment: 'The app’s own links' }] }] },
  webcredentials: { apps: ['ABCDE12345.com.example.app'] },
};
const FINGERPRINT = '14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5';
const ASSET_LINKS = [
  {
    relation: ['delegate_permission/common.handle_all_urls'],
    target: { namespace: 'android_app', package_name: 'com.example.app', sha256_cert_fingerprints: [FINGERPRINT] },
  },
];

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; text: string };

/** A plain-HTTP request with any Host header (fetch does not let one set it). */
function visit(port: number, host: string, path: string, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: { host } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe(`app association files on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  let f: LandingFixture;
  let id: number;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    f = await seedLandingFixture(tdb, [HOST, OTHER], 'go.apps-outsider.test');
    id = f.domains[HOST];
    // HOST has a certificate: plain HTTP moves to HTTPS there, except for these files.
    const handle = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 1 });
    try {
      await handle.db.insert(certificates).values({ domainId: id, status: 'issued', certPem: 'held by the TLS listener only', issuedAt: new Date() });
    } finally {
      await handle.close();
    }
    sling = await startInProcessSling({ ...tdb.env, TLS_PORT: String(await freePort()), DNS_SERVERS: '127.0.0.1:9', ENTERPRISE_LIMIT_PER_MINUTE: '100000' });
    api = apiClient(overHttp(sling.url));
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  const as = (who: LandingWho = 'owner') => api.as({ token: f.tokens[who] });
  const update = (body: Record<string, unknown>, who: LandingWho = 'owner', domain = id) =>
    as(who).call('updateDomain', { params: { id: domain }, body: offSchema(body) });
  const stored = async () => (await as().call('getDomain', { params: { id } })).json.domain;

  test('PATCH /api/v1/domains/{id} sets both files for owners and admins; a member 403, another workspace 404', async () => {
    const saved = await update({ apple_app_site_association: AASA, asset_links: ASSET_LINKS });
    expect(saved.status).toBe(200);
    expect(saved.json.domain).toMatchObject({ apple_app_site_association: AASA, asset_links: ASSET_LINKS });
    expect((await update({ asset_links: ASSET_LINKS }, 'admin')).status).toBe(200);
    const member = await update({ asset_links: null }, 'member');
    expect([member.status, member.json.error.code]).toEqual([403, 'forbidden']);
    const outsider = await update({ asset_links: null }, 'outsider');
    expect([outsider.status, outsider.json.error.code]).toEqual([404, 'not_found']);
    expect((await update({ asset_links: null }, 'owner', f.foreignDomain)).status).toBe(404);
    expect(await stored()).toMatchObject({ apple_app_site_association: AASA, asset_links: ASSET_LINKS });
  });

  test('GET and HEAD serve them on the domain as JSON, over plain HTTP with no redirect, cached for five minutes', async () => {
    expect((await update({ apple_app_site_association: AASA, asset_links: ASSET_LINKS })).status).toBe(200);
    // The domain has a certificate: anything else over plain HTTP moves to HTTPS.
    expect((await visit(sling.port, HOST, '/some-code')).status).toBe(308);
    for (const [path, body] of [
      [APPLE, AASA],
      ['/apple-app-site-association', AASA],
      [ANDROID, ASSET_LINKS],
    ] as const) {
      const got = await visit(sling.port, HOST, path);
      expect([got.status, got.headers['content-type'], got.headers['cache-control'], got.headers.location], path).toEqual([
        200,
        'application/json',
        'public, max-age=300',
        undefined,
      ]);
      expect(got.headers['set-cookie']).toBeUndefined();
      expect(JSON.parse(got.text)).toEqual(body);
      const head = await visit(sling.port, HOST, path, 'HEAD');
      expect([head.status, head.headers['content-type'], head.headers['content-length'], head.text]).toEqual([
        200,
        'application/json',
        String(Buffer.byteLength(got.text)),
        '',
      ]);
    }
    expect((await visit(sling.port, HOST, `${APPLE}.json`)).status).toBe(308);
  });

  test('never on another domain, the app host or the outsider’s domain: their own 404', async () => {
    expect((await update({ apple_app_site_association: AASA, asset_links: ASSET_LINKS })).status).toBe(200);
    for (const host of [OTHER, 'go.apps-outsider.test', `127.0.0.1:${sling.port}`]) {
      for (const path of [APPLE, '/apple-app-site-association', ANDROID]) {
        const got = await visit(sling.port, host, path);
        expect(got.status, `${host}${path}`).toBe(404);
        expect(got.text).not.toContain('ABCDE12345');
      }
    }
  });

  test('a change is served at once; removing a file brings the domain’s 404 back', async () => {
    expect((await visit(sling.port, HOST, ANDROID)).status).toBe(200); // cached now
    const changed = [{ ...ASSET_LINKS[0], target: { ...ASSET_LINKS[0].target, package_name: 'com.example.other' } }];
    expect((await update({ asset_links: changed })).status).toBe(200);
    await until('the new assetlinks.json to be served', async () => (await visit(sling.port, HOST, ANDROID)).text.includes('com.example.other'));
    expect((await update({ apple_app_site_association: null, asset_links: null })).status).toBe(200);
    await until(
      'both files to be gone',
      async () => (await visit(sling.port, HOST, APPLE)).status === 404 && (await visit(sling.port, HOST, ANDROID)).status === 404,
    );
    const gone = await visit(sling.port, HOST, '/apple-app-site-association');
    expect([gone.status, gone.headers['content-type']]).toEqual([404, 'text/html; charset=utf-8']);
    expect(await stored()).toMatchObject({ apple_app_site_association: null, asset_links: null });
  });

  test('wrong files are a 400 naming the place in the file, and the saved files are kept', async () => {
    expect((await update({ apple_app_site_association: AASA, asset_links: ASSET_LINKS })).status).toBe(200);
    const badTeam = await update({ apple_app_site_association: { applinks: { details: [{ appIDs: ['ABCDE.com.example.app'], components: [] }] } } });
    expect(badTeam.status).toBe(400);
    expect(badTeam.json.error).toMatchObject({
      code: 'invalid_request',
      message: expect.stringMatching(/^apple_app_site_association\.applinks\.details\[0\]\.appIDs\[0\]: must be an app ID/),
      details: { apple_app_site_association: expect.stringMatching(/^apple_app_site_association\.applinks/) },
    });
    const badPrint = await update({ asset_links: [{ ...ASSET_LINKS[0], target: { ...ASSET_LINKS[0].target, sha256_cert_fingerprints: ['14:6d'] } }] });
    expect([badPrint.status, badPrint.json.error.message]).toEqual([400, expect.stringMatching(/^asset_links\[0\]\.target\.sha256_cert_fingerprints\[0\]: /)]);
    const notList = await update({ asset_links: ASSET_LINKS[0] });
    expect([notList.status, notList.json.error.message]).toEqual([400, 'asset_links: must be a JSON list of statements.']);
    // Over Apple's 128 KB (the request itself is within the endpoint's limit): refused by its size.
    const paths = Array.from({ length: 8000 }, (_, i) => `/path/number/${i}/*`);
    const big = await update({ apple_app_site_association: { applinks: { details: [{ appID: 'ABCDE12345.com.example.app', paths }] } } });
    expect([big.status, big.json.error.message]).toEqual([400, expect.stringMatching(/^apple_app_site_association is \d+ KB; at most 128 KB is served\.$/)]);
    for (const weird of ['text', 42, true, [], {}, { applinks: null }, { applinks: { details: 'x' } }]) {
      const res = await update({ apple_app_site_association: weird, asset_links: weird });
      expect(res.status, JSON.stringify(weird)).toBe(400);
      expect(Object.keys(res.json.error.details)).toEqual(['apple_app_site_association', 'asset_links']);
    }
    expect(await stored()).toMatchObject({ apple_app_site_association: AASA, asset_links: ASSET_LINKS });
    expect(JSON.parse((await visit(sling.port, HOST, APPLE)).text)).toEqual(AASA);
  });
});
