// PROXY protocol on Sling's listeners (PROXY_PROTOCOL_FROM; docs/self-hosting/scale-out.md): over
// real loopback sockets, as HAProxy's send-proxy(-v2) writes it. The address a header carries is the
// one stored with the click (its country from a GeoIP file made for the test) and counted by the
// per-address connection limit, on the HTTP listener and on the HTTPS one for custom domains;
// X-Forwarded-For does not override it. A header from an address not listed, none from a listed
// one, or a malformed one closes the connection and the server goes on; unset, a header is a 400.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { certificates } from '../../../db/schema';
import { CERT_KEY_PURPOSE } from '../../../lib/acme/issue-certificate';
import { sealSecret } from '../../../lib/crypto/secret-box';
import { openDatabase } from '../../../lib/db/open-database';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, tempDir, TEST_SECRET, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { seedLandingFixture } from '../../helpers/landing-fixtures';
import { writeCountryMmdb } from '../../helpers/mmdb-fixture';
import { exchange, getRequest, selfSignedCertificate } from '../../helpers/proxy-client';
import { proxyV1, proxyV2 } from '../../helpers/proxy-header';
import { freePort } from '../../helpers/sling-process';
import { until } from '../../helpers/until';

const HOST = 'go.proxied.test';
/** Where the test's GeoIP file places each address; the balancer's own (127.0.0.1) is in Antarctica. */
const COUNTRIES = { '203.0.113.7': 'NZ', '198.51.100.23': 'DE', '2001:db8::7': 'BR', '203.0.113.50': 'FR', '127.0.0.1': 'AQ' };

describe(`PROXY protocol on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  let tlsPort: number;
  let domainId: number;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    const f = await seedLandingFixture(tdb, [HOST]);
    domainId = f.domains[HOST];
    const { cert, key } = selfSignedCertificate(HOST);
    const handle = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 1 });
    try {
      await handle.db
        .insert(certificates)
        .values({ domainId, status: 'issued', certPem: cert, keySealed: sealSecret(key, TEST_SECRET, CERT_KEY_PURPOSE), issuedAt: new Date() });
    } finally {
      await handle.close();
    }
    const geoip = join(tempDir('sling-geoip-'), 'countries.mmdb');
    writeCountryMmdb(geoip, COUNTRIES);
    tlsPort = await freePort();
    sling = await startInProcessSling({
      ...tdb.env,
      // The key the certificate's private key was sealed with (PGlite's suites have none of their own).
      SECRET_KEY: TEST_SECRET,
      PROXY_PROTOCOL_FROM: '127.0.0.1',
      GEOIP_DB: geoip,
      STORE_IP: 'true',
      MAX_CONNECTIONS_PER_IP: '1',
      TLS_PORT: String(tlsPort),
      DNS_SERVERS: '127.0.0.1:9',
      ENTERPRISE_LIMIT_PER_MINUTE: '100000',
    });
    api = apiClient(inProcess(sling), { token: f.tokens.owner });
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  async function link(alias: string, onDomain = false): Promise<number> {
    const made = await api.call('createLink', { body: { url: `https://example.com/${alias}`, alias, ...(onDomain ? { domain_id: domainId } : {}) } });
    expect(made.status, made.text).toBe(201);
    return made.json.id;
  }

  /** The stored clicks of a link, once `n` are there: address and country. */
  const sorted = <T>(rows: T[]) => rows.map((r) => JSON.stringify(r)).sort();

  async function clicksOf(linkId: number, n: number) {
    return until(`${n} clicks of link ${linkId}`, async () => {
      const rows = await sling.handle.query<{ ip: string; country: string | null }>('SELECT ip, country FROM clicks WHERE link_id = $1 ', [linkId]);
      return rows.length >= n ? rows : undefined;
    });
  }

  const visit = (path: string, header: Buffer | string, headers: Record<string, string> = {}) =>
    exchange(sling.port, header, [getRequest(`127.0.0.1:${sling.port}`, path, headers)]);

  test('v1 and v2, IPv4 and IPv6: the click is stored with the address the header carries, and its country', async () => {
    const id = await link('pp-http');
    expect((await visit('/pp-http', proxyV1('203.0.113.7', 40001))).status).toBe(302);
    expect((await visit('/pp-http', proxyV2({ source: { address: '198.51.100.23', port: 40002 } }))).status).toBe(302);
    expect((await visit('/pp-http', proxyV2({ source: { address: '2001:db8::7', port: 40003 } }))).status).toBe(302);
    // A client's own X-Forwarded-For changes nothing (TRUST_PROXY is unset).
    expect((await visit('/pp-http', proxyV1('203.0.113.7', 40004), { 'X-Forwarded-For': '198.51.100.23' })).status).toBe(302);
    // The balancer's health check (LOCAL) is the balancer itself.
    expect((await visit('/pp-http', proxyV2({ command: 'local' }))).status).toBe(302);
    expect(sorted(await clicksOf(id, 5))).toEqual(
      sorted([
        { ip: '203.0.113.7', country: 'NZ' },
        { ip: '198.51.100.23', country: 'DE' },
        { ip: '2001:db8::7', country: 'BR' },
        { ip: '203.0.113.7', country: 'NZ' },
        { ip: '127.0.0.1', country: 'AQ' },
      ]),
    );
  });

  test('HTTPS for a custom domain: the header before the handshake, the click from the address it carries', async () => {
    const id = await link('pp-tls', true);
    const tls = { servername: HOST };
    const answer = await exchange(tlsPort, proxyV2({ source: { address: '2001:db8::7', port: 443 } }), [getRequest(HOST, '/pp-tls')], { tls });
    expect(answer.status).toBe(302);
    expect(answer.answer).toMatch(/\r\nLocation: https:\/\/example\.com\/pp-tls\r\n/i);
    expect((await exchange(tlsPort, proxyV1('198.51.100.23', 1), [getRequest(HOST, '/pp-tls')], { tls })).status).toBe(302);
    expect(sorted(await clicksOf(id, 2))).toEqual(
      sorted([
        { ip: '2001:db8::7', country: 'BR' },
        { ip: '198.51.100.23', country: 'DE' },
      ]),
    );
    // Without a header from the balancer there is no handshake.
    expect((await exchange(tlsPort, '', [getRequest(HOST, '/pp-tls')], { tls })).status).toBe(0);
  });

  test('the per-address connection limit (MAX_CONNECTIONS_PER_IP=1) counts the addresses the headers carry', async () => {
    const id = await link('pp-limit');
    // One client's connection held open (kept alive after its answer) until released.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const keepAlive = `GET /pp-limit HTTP/1.1\r\nHost: 127.0.0.1:${sling.port}\r\n\r\n`;
    const held = exchange(sling.port, proxyV1('203.0.113.50', 1), [keepAlive], { closeWhen: released });
    await until('a second connection from the same client to be refused', async () => (await visit('/pp-limit', proxyV1('203.0.113.50', 2))).status === 503);
    // Another client behind the same balancer is not.
    expect((await visit('/pp-limit', proxyV1('198.51.100.23', 3))).status).toBe(302);
    release();
    expect((await held).status).toBe(302);
    await until('the client to be served again once its connection closed', async () => (await visit('/pp-limit', proxyV1('203.0.113.50', 4))).status === 302);
    // (A first try of the refusal may come before the held connection is counted: at least 3 clicks.)
    expect(new Set((await clicksOf(id, 3)).map((c) => c.ip))).toEqual(new Set(['198.51.100.23', '203.0.113.50']));
  });

  test('refused: a header from an address not listed, no header from a listed one, a malformed header; the server goes on', async () => {
    await link('pp-refused');
    const request = getRequest(`127.0.0.1:${sling.port}`, '/pp-refused');
    const refused = [
      exchange(sling.port, proxyV1('203.0.113.7', 1), [request], { localAddress: '127.0.0.2' }),
      exchange(sling.port, proxyV2({ source: { address: '203.0.113.7', port: 1 } }), [request], { localAddress: '127.0.0.3' }),
      exchange(sling.port, '', [request]),
      exchange(sling.port, 'PROXY TCP4 203.0.113.7 10.0.0.1 1\r\n', [request]),
      exchange(sling.port, `PROXY ${'9'.repeat(300)}`, [request]),
      exchange(sling.port, Buffer.from([0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a, 0x21, 0x11, 0xff, 0xff]), [request]),
    ];
    for (const out of await Promise.all(refused)) expect(out).toEqual({ answer: '', status: 0 });
    // From an address not listed, a plain request is served as before.
    expect((await exchange(sling.port, '', [request], { localAddress: '127.0.0.2' })).status).toBe(302);
    expect((await visit('/pp-refused', proxyV1('203.0.113.7', 2))).status).toBe(302);
  });
});

describe(`without PROXY_PROTOCOL_FROM on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    sling = await startInProcessSling({ ...tdb.env });
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  test('a PROXY header is not read: the request is a 400, as it always was', async () => {
    const request = getRequest(`127.0.0.1:${sling.port}`, '/healthz');
    expect((await exchange(sling.port, proxyV1('203.0.113.7', 1), [request])).status).toBe(400);
    expect((await exchange(sling.port, proxyV2({ source: { address: '203.0.113.7', port: 1 } }), [request])).status).toBe(400);
    expect((await exchange(sling.port, '', [request])).status).toBe(200);
  });
});
