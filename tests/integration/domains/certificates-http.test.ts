// Certificates for custom domains from a real ACME server (Debian's pebble) over HTTP-01: once the
// domain is verified, the job orders a certificate, pebble resolves the domain through the test DNS
// server and fetches the challenge from Sling's edge, and the domain shows the certificate as issued.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { prepareAcmeServer, type TestAcmeServer } from '../../helpers/acme-server';
import { createUserWithToken } from '../../helpers/accounts';
import { databaseKinds, type TestDatabase } from '../../helpers/databases';
import { startDnsServer, type TestDnsServer } from '../../helpers/dns-server';
import { challtestsrvPath, pgUrl } from '../../helpers/services';
import { startSling, type SlingProcess } from '../../helpers/sling-process';
import { until } from '../../helpers/until';

const LINK_HOST = 'edge.sling.test';
const binary = challtestsrvPath();

function get(port: number, host: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

if (binary) {
  describe.each(databaseKinds(pgUrl()))('certificates from pebble on %s', (_name, makeDb) => {
    let tdb: TestDatabase;
    let dns: TestDnsServer;
    let acme: TestAcmeServer;
    let sling: SlingProcess;
    let token: string;

    beforeAll(async () => {
      tdb = await makeDb();
      dns = await startDnsServer(binary);
      acme = await prepareAcmeServer();
      token = await createUserWithToken(tdb.env, 'certs@example.com', 'enterprise');
      sling = await startSling({
        ...tdb.env,
        LINK_HOST,
        DNS_SERVERS: dns.address,
        ACME_DIRECTORY_URL: acme.directoryUrl,
        ACME_CA_FILE: acme.caFile,
        ACME_EMAIL: 'ops@example.com',
        JOBS_POLL_SECONDS: '1',
        ENTERPRISE_LIMIT_PER_MINUTE: '100000',
      });
      await acme.start({ httpPort: sling.port, dnsServer: dns.address });
      // Pebble follows the CNAME to LINK_HOST, which is this machine.
      await dns.setA(LINK_HOST, ['127.0.0.1']);
    });
    afterAll(async () => {
      await sling?.stop();
      await acme?.stop();
      await dns?.stop();
      await tdb?.drop();
    });

    const api = async (path: string, method = 'GET', body?: unknown) => {
      const res = await fetch(`${sling.url}${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
      return { status: res.status, body: await res.json() };
    };

    test('a verified domain gets a certificate over HTTP-01, the challenge answered by the edge', async () => {
      const d = (await api('/api/v1/domains', 'POST', { hostname: 'go.certs.test' })).body.domain;
      expect((await api(`/api/v1/domains/${d.id}`)).body.domain.certificate).toBeNull();
      await dns.setCname('go.certs.test', LINK_HOST);
      await dns.setA('go.certs.test', ['127.0.0.1']);
      await dns.addTxt('_svc-verify.go.certs.test', d.records[1].value);
      expect((await api(`/api/v1/domains/${d.id}/verify`, 'POST')).body.verified).toBe(true);
      // Unknown challenge tokens are a 404 on the domain; on an unknown host nothing is answered at all.
      expect((await get(sling.port, 'go.certs.test', '/.well-known/acme-challenge/nope')).status).toBe(404);
      expect((await get(sling.port, 'other.certs.test', '/.well-known/acme-challenge/nope')).body).toBe('This domain is not connected to Sling.\n');

      const cert = await until('the certificate to be issued', async () => {
        const got = await api(`/api/v1/domains/${d.id}`);
        if (got.status !== 200) throw new Error(`GET /api/v1/domains/${d.id}: ${got.status} ${JSON.stringify(got.body)}`);
        const c = got.body.domain.certificate;
        if (c?.status === 'failed') throw new Error(`certificate failed: ${c.error}\n${sling.output()}`);
        return c?.status === 'issued' ? c : undefined;
      }, { timeoutMs: 150_000, intervalMs: 1000 });
      expect(cert).toMatchObject({ status: 'issued', error: null, next_attempt_at: null });
      expect(new Date(cert.expires_at).getTime()).toBeGreaterThan(Date.now() + 24 * 3600_000);
    }, 180_000);
  });
}
