// Renewal with two Sling instances on one PostgreSQL database (invalidation over Postgres NOTIFY, then
// Redis): one in the test process (role all: it works the jobs, by the test's clock, lib/core/clock.ts)
// and one built server process (role app: no worker, its own TLS listener). Pebble issues real
// certificates (five years); the test moves the first instance's clock past the renewal point (30
// days before expiry) instead of waiting, and sends the job (as `sling jobs run` would). BOTH
// instances then serve the new certificate over real TLS handshakes by SNI without a restart — with a
// certificate cache TTL of an hour, only the cross-instance invalidation can explain the change on
// the built one. Before the clock moves, the same job renews nothing.
import { X509Certificate } from 'node:crypto';
import { connect } from 'node:tls';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RENEW_BEFORE_DAYS } from '../../../lib/acme/issue-due-certificates';
import { manualClock, type ManualClock } from '../../../lib/core/clock';
import { prepareAcmeServer, type TestAcmeServer } from '../../helpers/acme-server';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { createPostgresDatabase, type TestDatabase } from '../../helpers/databases';
import { startDnsServer, type TestDnsServer } from '../../helpers/dns-server';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { challtestsrvPath, pgUrl, redisUrl } from '../../helpers/services';
import { freePort, startSling, type SlingProcess } from '../../helpers/sling-process';
import { until } from '../../helpers/until';

const LINK_HOST = 'edge.renew.test';
const HOST = 'go.renew.test';
const DAY = 86_400_000;
const binary = challtestsrvPath();
const pgServer = pgUrl();
const redis = redisUrl();
const buses: Array<[string, Record<string, string>]> = [
  ['Postgres NOTIFY', {}],
  ...(redis ? [['Redis', { REDIS_URL: redis, REDIS_PREFIX: `renew${process.pid}` }] as [string, Record<string, string>]] : []),
];

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
    let clock: ManualClock;
    let sling: InProcessSling;
    let other: SlingProcess;
    const tlsPorts: number[] = [];
    let api: ApiClient;
    let client: pg.Client;

    beforeAll(async () => {
      tdb = await createPostgresDatabase(pgServer);
      dns = await startDnsServer(binary);
      acme = await prepareAcmeServer();
      const env = {
        ...tdb.env,
        LINK_HOST,
        DNS_SERVERS: dns.address,
        ACME_DIRECTORY_URL: acme.directoryUrl,
        ACME_CA_FILE: acme.caFile,
        CACHE_TTL_MS: '3600000',
        ENTERPRISE_LIMIT_PER_MINUTE: '100000',
        ...busEnv,
      };
      tlsPorts.splice(0, tlsPorts.length, await freePort(), await freePort());
      clock = manualClock();
      sling = await startInProcessSling({ ...env, TLS_PORT: String(tlsPorts[0]) }, { clock });
      other = await startSling({ ...env, TLS_PORT: String(tlsPorts[1]) }, ['--role', 'app']);
      api = apiClient(inProcess(sling), { token: await sling.seed.userWithToken('renew@example.com', { plan: 'enterprise' }) });
      // The CA fetches challenges from the first instance (the one that orders the certificates).
      await acme.start({ httpPort: sling.port, dnsServer: dns.address });
      await dns.setA(LINK_HOST, ['127.0.0.1']);
      client = new pg.Client({ connectionString: tdb.env.DATABASE_URL });
      await client.connect();
    });
    afterAll(async () => {
      await client?.end();
      await other?.stop();
      await sling?.close();
      await acme?.stop();
      await dns?.stop();
      await tdb?.drop();
    });

    /** The certificate stored now (what a fresh instance would load). */
    const storedCertificate = async (): Promise<X509Certificate | undefined> => {
      const { rows } = await client.query<{ cert_pem: string | null }>(
        'SELECT c.cert_pem FROM certificates c JOIN domains d ON d.id = c.domain_id WHERE d.hostname = $1',
        [HOST],
      );
      return rows[0]?.cert_pem ? new X509Certificate(rows[0].cert_pem) : undefined;
    };
    const storedSerial = async () => (await storedCertificate())?.serialNumber;
    const bothServe = async (serial: string) => {
      const seen = await Promise.all(tlsPorts.map((port) => servedSerial(port).catch(() => undefined)));
      return seen.every((s) => s?.toUpperCase() === serial.toUpperCase());
    };
    /** Sends the job cron sends each minute, as `sling jobs run` does, and waits for its outcome. */
    const runCertificateJob = async () => {
      const sent = await sling.cli(['jobs', 'run', 'certificates.issue']);
      expect(sent.code, sent.stderr).toBe(0);
      const id = sent.stdout.trim();
      return until(
        'the certificate job to finish',
        async () => {
          const { rows } = await client.query<{ state: string; output: unknown }>('SELECT state, output FROM pgboss.job WHERE id = $1', [id]);
          if (rows[0]?.state === 'failed') throw new Error(`certificates.issue failed: ${JSON.stringify(rows[0].output)}`);
          return rows[0]?.state === 'completed' ? rows[0].output : undefined;
        },
        { timeoutMs: 60_000 },
      );
    };

    test('the job renews a certificate once the clock reaches its renewal point, and both instances serve the new one', async () => {
      const d = (await api.call('addDomain', { body: { hostname: HOST } })).json.domain;
      await dns.setCname(HOST, LINK_HOST);
      await dns.setA(HOST, ['127.0.0.1']);
      await dns.addTxt(`_svc-verify.${HOST}`, d.records[1].value);
      expect((await api.call('verifyDomain', { params: { id: d.id } })).json.verified).toBe(true);

      const first = await until(
        'the first certificate',
        async () => {
          const c = (await api.call('getDomain', { params: { id: d.id } })).json.domain.certificate;
          if (c?.status === 'failed') throw new Error(`certificate failed: ${c.error}`);
          return c?.status === 'issued' ? storedSerial() : undefined;
        },
        { timeoutMs: 150_000, intervalMs: 250 },
      );
      // Both load it (and cache it for an hour).
      await until('both instances to serve the first certificate', () => bothServe(first), { timeoutMs: 30_000, intervalMs: 200 });

      // Not due yet: the job leaves it.
      expect(await runCertificateJob()).toEqual({ issued: 0, failed: 0 });
      expect(await storedSerial()).toBe(first);

      // A second past the renewal point (30 days before expiry, for a certificate this long-lived).
      const expiresAt = Date.parse((await storedCertificate())!.validTo);
      clock.set(expiresAt - RENEW_BEFORE_DAYS * DAY + 1_000);
      // (The worker runs one job at a time: a cron run sent meanwhile may be the one that renewed it.)
      expect(await runCertificateJob()).toMatchObject({ failed: 0 });
      expect(await storedSerial()).not.toBe(first);
      await until(
        'both instances to serve the renewed certificate',
        async () => {
          const current = await storedSerial();
          return current !== undefined && current !== first && (await bothServe(current));
        },
        { timeoutMs: 30_000, intervalMs: 200 },
      );
      const cert = (await api.call('getDomain', { params: { id: d.id } })).json.domain.certificate;
      expect(cert).toMatchObject({ status: 'issued', error: null });
    }, 300_000);
  });
}
