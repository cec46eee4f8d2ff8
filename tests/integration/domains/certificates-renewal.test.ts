// Renewal with two Sling instances on one PostgreSQL database (invalidation over Postgres NOTIFY, then Redis):
// pebble issues short-lived certificates (thirty seconds), so the job renews each one in the last
// third of its life; whichever instance renews it, BOTH serve the new certificate over real TLS
// handshakes by SNI without a restart — with a certificate cache TTL of an hour, only the
// cross-instance invalidation can explain the change. Built server processes: two instances (and
// their TLS listeners) are the subject; the API is called through the typed client over HTTP.
import { X509Certificate } from 'node:crypto';
import { connect } from 'node:tls';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { prepareAcmeServer, type TestAcmeServer } from '../../helpers/acme-server';
import { createUserWithToken } from '../../helpers/accounts';
import { apiClient, overHttp } from '../../helpers/api-client';
import { createPostgresDatabase, type TestDatabase } from '../../helpers/databases';
import { startDnsServer, type TestDnsServer } from '../../helpers/dns-server';
import { challtestsrvPath, pgUrl, redisUrl } from '../../helpers/services';
import { freePort, runSling, startSling, type SlingProcess } from '../../helpers/sling-process';
import { until } from '../../helpers/until';

const LINK_HOST = 'edge.renew.test';
const HOST = 'go.renew.test';
const binary = challtestsrvPath();
const pgServer = pgUrl();
const redis = redisUrl();
const buses: Array<[string, Record<string, string>]> = [['Postgres NOTIFY', {}], ...(redis ? [['Redis', { REDIS_URL: redis, REDIS_PREFIX: `renew${process.pid}` }] as [string, Record<string, string>]] : [])];

/** The serial number of the certificate an instance presents for HOST (expired ones included: we compare, not trust). */
function servedSerial(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, servername: HOST, rejectUnauthorized: false }, () => {
      const serial = socket.getPeerCertificate().serialNumber;
      socket.end();
      resolve(serial);
    });
    socket.once('error', reject);
  });
}

if (binary && pgServer) {
  describe.each(buses)('certificate renewal across two instances (PostgreSQL, invalidation over %s)', (_bus, busEnv) => {
    let tdb: TestDatabase;
    let dns: TestDnsServer;
    let acme: TestAcmeServer;
    const instances: Array<{ sling: SlingProcess; tlsPort: number }> = [];
    let token: string;
    let client: pg.Client;

    beforeAll(async () => {
      tdb = await createPostgresDatabase(pgServer);
      dns = await startDnsServer(binary);
      acme = await prepareAcmeServer();
      token = await createUserWithToken(tdb.env, 'renew@example.com', 'enterprise');
      for (let i = 0; i < 2; i++) {
        const tlsPort = await freePort();
        const sling = await startSling({
          ...tdb.env,
          LINK_HOST,
          DNS_SERVERS: dns.address,
          ACME_DIRECTORY_URL: acme.directoryUrl,
          ACME_CA_FILE: acme.caFile,
          TLS_PORT: String(tlsPort),
          CACHE_TTL_MS: '3600000',
          JOBS_POLL_SECONDS: '1',
          ENTERPRISE_LIMIT_PER_MINUTE: '100000',
          ...busEnv,
        });
        instances.push({ sling, tlsPort });
      }
      // The CA fetches challenges from the first instance; either may have ordered the certificate.
      await acme.start({ httpPort: instances[0].sling.port, dnsServer: dns.address, validitySeconds: 30 });
      await dns.setA(LINK_HOST, ['127.0.0.1']);
      client = new pg.Client({ connectionString: tdb.env.DATABASE_URL });
      await client.connect();
    });
    afterAll(async () => {
      await client?.end();
      for (const { sling } of instances.splice(0)) await sling.stop();
      await acme?.stop();
      await dns?.stop();
      await tdb?.drop();
    });

    /** The typed client on the first instance, with the token. */
    const api = () => apiClient(overHttp(instances[0].sling.url), { token });
    /** The serial of the certificate stored now (what a fresh instance would load). */
    const storedCertificate = async (): Promise<X509Certificate | undefined> => {
      const { rows } = await client.query<{ cert_pem: string | null }>('SELECT c.cert_pem FROM certificates c JOIN domains d ON d.id = c.domain_id WHERE d.hostname = $1', [HOST]);
      return rows[0]?.cert_pem ? new X509Certificate(rows[0].cert_pem) : undefined;
    };
    const storedSerial = async () => (await storedCertificate())?.serialNumber;
    const bothServe = async (serial: string) => {
      const seen = await Promise.all(instances.map(({ tlsPort }) => servedSerial(tlsPort).catch(() => undefined)));
      return seen.every((s) => s?.toUpperCase() === serial.toUpperCase());
    };

    test('the job renews a certificate near expiry and both instances serve the new one', async () => {
      const d = (await api().call('addDomain', { body: { hostname: HOST } })).json.domain;
      await dns.setCname(HOST, LINK_HOST);
      await dns.setA(HOST, ['127.0.0.1']);
      await dns.addTxt(`_svc-verify.${HOST}`, d.records[1].value);
      expect((await api().call('verifyDomain', { params: { id: d.id } })).json.verified).toBe(true);

      const first = await until('the first certificate', async () => {
        const c = (await api().call('getDomain', { params: { id: d.id } })).json.domain.certificate;
        if (c?.status === 'failed') throw new Error(`certificate failed: ${c.error}`);
        return c?.status === 'issued' ? storedSerial() : undefined;
      }, { timeoutMs: 150_000, intervalMs: 1000 });
      // Both load it (and cache it for an hour).
      await until('both instances to serve the first certificate', () => bothServe(first), { timeoutMs: 30_000, intervalMs: 200 });

      // Thirty seconds of life: due for renewal once a third is left. The job runs each minute; here
      // it is also sent by hand (as `sling jobs run` would) once the certificate is due, so the test
      // need not wait for the next cron minute. Either instance's worker may take it.
      const issued = (await storedCertificate())!;
      const from = Date.parse(issued.validFrom);
      const dueAt = Date.parse(issued.validTo) - (Date.parse(issued.validTo) - from) / 3;
      await until('the certificate to be due for renewal', async () => Date.now() > dueAt, { timeoutMs: 60_000, intervalMs: 250 });
      let sentAt = 0;
      await until('a renewed certificate', async () => {
        const now = await storedSerial();
        if (now && now !== first) return true;
        if (Date.now() - sentAt > 10_000) {
          sentAt = Date.now();
          expect((await runSling(['jobs', 'run', 'certificates.issue'], tdb.env)).code).toBe(0);
        }
        return false;
      }, { timeoutMs: 120_000, intervalMs: 1000 });
      const served = await until('both instances to serve the renewed certificate', async () => {
        const current = await storedSerial();
        return current && current !== first && (await bothServe(current)) ? current : undefined;
      }, { timeoutMs: 30_000, intervalMs: 200 });
      expect(served).not.toBe(first);
      const cert = (await api().call('getDomain', { params: { id: d.id } })).json.domain.certificate;
      expect(cert).toMatchObject({ status: 'issued', error: null });
    }, 300_000);
  });
}
