// Certificates for custom domains from a real ACME server (Debian's pebble) over HTTP-01: once the
// domain is verified, the job orders a certificate, pebble resolves the domain through the test DNS
// server and fetches the challenge from Sling's edge, the domain shows the certificate as issued, and
// Sling's HTTPS listener serves the domain's links with it (TLS 1.3; a TLS 1.2-only client refused).
// On Sling in the test process: the API through its router; its edge (HTTP and HTTPS) and the job
// system run in this process, listening on loopback, as pebble and the TLS client need.
import { request } from 'node:http';
import { connect, type TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { prepareAcmeServer, type TestAcmeServer } from '../../helpers/acme-server';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startDnsServer, type TestDnsServer } from '../../helpers/dns-server';
import { challtestsrvPath } from '../../helpers/services';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { freePort } from '../../helpers/sling-process';
import { until } from '../../helpers/until';

const LINK_HOST = 'edge.sling.test';
const binary = challtestsrvPath();

function get(port: number, host: string, path: string): Promise<{ status: number; body: string; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, body, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end();
  });
}

function handshake(opts: { port: number; servername: string; ca: string; maxVersion?: 'TLSv1.2' }): Promise<TLSSocket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', ...opts }, () => resolve(socket));
    socket.once('error', reject);
  });
}

function exchange(socket: TLSSocket, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    socket.on('data', (d) => (answer += d));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.write(text);
  });
}

if (binary) {
  describe(`certificates from pebble on ${suiteDatabase.name}`, () => {
    const makeDb = suiteDatabase.migrated;
    let tdb: TestDatabase;
    let dns: TestDnsServer;
    let acme: TestAcmeServer;
    let sling: InProcessSling;
    let api: ApiClient;
    let tlsPort: number;

    beforeAll(async () => {
      tdb = await makeDb();
      dns = await startDnsServer(binary);
      acme = await prepareAcmeServer();
      tlsPort = await freePort();
      sling = await startInProcessSling({
        ...tdb.env,
        LINK_HOST,
        DNS_SERVERS: dns.address,
        ACME_DIRECTORY_URL: acme.directoryUrl,
        ACME_CA_FILE: acme.caFile,
        ACME_EMAIL: 'ops@example.com',
        TLS_PORT: String(tlsPort),
        ENTERPRISE_LIMIT_PER_MINUTE: '100000',
      });
      api = apiClient(inProcess(sling), { token: await sling.seed.userWithToken('certs@example.com', { plan: 'enterprise' }) });
      await acme.start({ httpPort: sling.port, dnsServer: dns.address });
      // Pebble follows the CNAME to LINK_HOST, which is this machine.
      await dns.setA(LINK_HOST, ['127.0.0.1']);
    });
    afterAll(async () => {
      await sling?.close();
      await acme?.stop();
      await dns?.stop();
      await tdb?.drop();
    });

    test('a verified domain gets a certificate over HTTP-01 (the challenge answered by the edge) and is served over HTTPS by SNI with TLS 1.3', async () => {
      const d = (await api.call('addDomain', { body: { hostname: 'go.certs.test' } })).json.domain;
      const params = { id: d.id };
      expect((await api.call('getDomain', { params })).json.domain.certificate).toBeNull();
      await dns.setCname('go.certs.test', LINK_HOST);
      await dns.setA('go.certs.test', ['127.0.0.1']);
      await dns.addTxt('_svc-verify.go.certs.test', d.records[1].value);
      expect((await api.call('verifyDomain', { params })).json.verified).toBe(true);
      // Unknown challenge tokens are a 404 on the domain; on an unknown host nothing is answered at all.
      expect((await get(sling.port, 'go.certs.test', '/.well-known/acme-challenge/nope')).status).toBe(404);
      expect((await get(sling.port, 'other.certs.test', '/.well-known/acme-challenge/nope')).body).toBe('This domain is not connected to Sling.\n');

      const cert = await until(
        'the certificate to be issued',
        async () => {
          const got = await api.call('getDomain', { params });
          if (got.status !== 200) throw new Error(`GET /api/v1/domains/${d.id}: ${got.status} ${got.text}`);
          const c = got.json.domain.certificate;
          if (c?.status === 'failed') throw new Error(`certificate failed: ${c.error}`);
          return c?.status === 'issued' ? c : undefined;
        },
        { timeoutMs: 150_000, intervalMs: 1000 },
      );
      expect(cert).toMatchObject({ status: 'issued', error: null, next_attempt_at: null });
      expect(new Date(cert.expires_at).getTime()).toBeGreaterThan(Date.now() + 24 * 3600_000);

      // Served over HTTPS by SNI, TLS 1.3, to a client that trusts pebble's root.
      expect((await api.call('createLink', { body: { url: 'https://example.com/over-tls', alias: 'tls-hop', domain_id: d.id } })).status).toBe(201);
      const ca = await acme.rootPem();
      const socket = await handshake({ port: tlsPort, servername: 'go.certs.test', ca });
      expect(socket.getProtocol()).toBe('TLSv1.3');
      expect(socket.getPeerCertificate().subjectaltname).toBe('DNS:go.certs.test');
      const answer = await exchange(socket, 'GET /tls-hop HTTP/1.1\r\nHost: go.certs.test\r\nConnection: close\r\n\r\n');
      expect(answer).toMatch(/^HTTP\/1\.1 302 /);
      expect(answer).toMatch(/\r\nLocation: https:\/\/example\.com\/over-tls\r\n/i);
      expect(answer).toMatch(/\r\nStrict-Transport-Security: max-age=31536000\r\n/i);
      // Plain HTTP now moves to HTTPS; the CA's challenges still answer over HTTP.
      const plain = await get(sling.port, 'go.certs.test', '/tls-hop?x=1');
      expect(plain.status).toBe(308);
      expect(plain.location).toBe('https://go.certs.test/tls-hop?x=1');
      expect((await get(sling.port, 'go.certs.test', '/.well-known/acme-challenge/nope')).status).toBe(404);
      // A client that stops at TLS 1.2 is refused by default; a name without a certificate gets no handshake.
      await expect(handshake({ port: tlsPort, servername: 'go.certs.test', ca, maxVersion: 'TLSv1.2' })).rejects.toThrow();
      await expect(handshake({ port: tlsPort, servername: 'other.certs.test', ca })).rejects.toThrow();
    }, 180_000);
  });
}
