// How Sling treats its certificate authority, at the lib level: an order that keeps failing is
// tried no more often than the backoff allows (the job runs every minute for a simulated day), and
// a CA that requires external account binding (Debian's pebble, configured so) refuses an account
// without ACME_EAB_* — its reason stored for the API — and issues once the binding is given; a
// short-lived certificate is renewed in the last third of its life, on the same account.
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { acmeAccounts, certificates, domains } from '../../../db/schema';
import { findKeyAuthorization } from '../../../lib/acme/challenge-store';
import { findCertificate } from '../../../lib/acme/find-certificate';
import { issueDueCertificates, retryDelayMs } from '../../../lib/acme/issue-due-certificates';
import { prepareAcmeServer, type TestAcmeServer } from '../../helpers/acme-server';
import { suiteDatabase, TEST_SECRET, type TestDatabase } from '../../helpers/databases';
import { startDnsServer, type TestDnsServer } from '../../helpers/dns-server';
import { openTestContext } from '../../helpers/open-test-handle';
import { challtestsrvPath } from '../../helpers/services';
import { freePort } from '../../helpers/sling-process';
import { makeUser } from '../../helpers/workspace-fixtures';

const binary = challtestsrvPath();

describe(`certificate authority behaviour on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  const name = suiteDatabase.name;
  let tdb: TestDatabase;
  let ctx: Awaited<ReturnType<typeof openTestContext>>;

  beforeAll(async () => {
    tdb = await makeDb();
    ctx = await openTestContext(tdb);
  });
  afterAll(async () => {
    await ctx?.handle.close();
    await tdb?.drop();
  });

  test('a domain whose order keeps failing is tried at most as often as the backoff allows over a day of minutely runs', async () => {
    const db = ctx.handle.db;
    const { workspaceId } = await makeUser(db, `ca-loop-${name.toLowerCase()}`, 'pro');
    const [d] = await db.insert(domains).values({ hostname: 'loop.ca.test', workspaceId, status: 'verified', verificationToken: 'l' }).returning();
    const settings = { directoryUrl: `https://127.0.0.1:${await freePort()}/dir`, secretKey: TEST_SECRET, networkRetries: 0 };
    const start = Date.now();
    const attempts: number[] = [];
    for (let minute = 0; minute < 24 * 60; minute++) {
      const { failed } = await issueDueCertificates(db, settings, new Date(start + minute * 60_000));
      if (failed > 0) attempts.push(minute);
    }
    // 10 minutes after the first failure, then 20, 40, … (at most a day): 8 tries in the first 24 hours.
    expect(attempts).toEqual([0, 10, 30, 70, 150, 310, 630, 1270]);
    const [row] = await db.select().from(certificates).where(eq(certificates.domainId, d.id));
    expect(row).toMatchObject({ status: 'failed', failures: 8, nextAttemptAt: new Date(start + 1270 * 60_000 + retryDelayMs(8)) });
    expect(await findCertificate(db, d.id)).toMatchObject({
      status: 'failed',
      error: `The certificate authority at ${settings.directoryUrl} could not be reached: the connection was refused (nothing listens at that address and port).`,
    });
  }, 120_000);
});

if (binary) {
  describe(`external account binding with pebble on ${suiteDatabase.name}`, () => {
    const makeDb = suiteDatabase.migrated;
    const name = suiteDatabase.name;
    let tdb: TestDatabase;
    let ctx: Awaited<ReturnType<typeof openTestContext>>;
    let dns: TestDnsServer;
    let acme: TestAcmeServer;
    let http01: Server;
    const kid = 'kid-sling';
    const hmacKey = randomBytes(32).toString('base64url');

    beforeAll(async () => {
      tdb = await makeDb();
      ctx = await openTestContext(tdb);
      dns = await startDnsServer(binary);
      acme = await prepareAcmeServer();
      // The edge's answer to HTTP-01, from the same challenge store (the full edge is certificates-http.test.ts).
      http01 = createServer((req, res) => {
        const token = /^\/\.well-known\/acme-challenge\/([\w-]+)$/.exec(req.url ?? '')?.[1];
        void (token ? findKeyAuthorization(ctx.handle.db, token, String(req.headers.host).split(':')[0]) : Promise.resolve(undefined)).then((key) => {
          res.writeHead(key ? 200 : 404).end(key ?? '');
        });
      });
      await new Promise<void>((r) => http01.listen(0, '127.0.0.1', () => r()));
      await acme.start({ httpPort: (http01.address() as { port: number }).port, dnsServer: dns.address, eab: { [kid]: hmacKey }, validitySeconds: 120 });
    });
    afterAll(async () => {
      await new Promise((r) => http01?.close(r));
      await acme?.stop();
      await dns?.stop();
      await ctx?.handle.close();
      await tdb?.drop();
    });

    test('a directory whose HTTPS the configured CA does not sign fails its order saying so, naming ACME_CA_FILE', async () => {
      const db = ctx.handle.db;
      const { workspaceId } = await makeUser(db, `ca-trust-${name.toLowerCase()}`, 'pro');
      const [d] = await db
        .insert(domains)
        .values({ hostname: `trust.${name.toLowerCase()}.ca.test`, workspaceId, status: 'verified', verificationToken: 't' })
        .returning();
      const now = new Date();
      // No CA file: pebble's HTTPS is signed by its own test CA, which nothing trusts by default.
      // acme-client's own retries are left at their default: the reason comes before them.
      expect(await issueDueCertificates(db, { directoryUrl: acme.directoryUrl, secretKey: TEST_SECRET }, now)).toEqual({ issued: 0, failed: 1 });
      expect((await findCertificate(db, d.id))!.error).toMatch(
        /could not be reached: its HTTPS certificate is not trusted \([A-Z_]+\); for a private CA, put the CA of the directory's own HTTPS server in ACME_CA_FILE\.$/,
      );
      // A CA file that holds another CA (the one that signs the certificates pebble issues is not the one of its HTTPS).
      const otherCa = await acme.rootPem();
      const later = new Date(now.getTime() + retryDelayMs(1));
      expect(await issueDueCertificates(db, { directoryUrl: acme.directoryUrl, secretKey: TEST_SECRET, caPem: otherCa }, later)).toEqual({
        issued: 0,
        failed: 1,
      });
      expect((await findCertificate(db, d.id))!.error).toMatch(
        /its HTTPS certificate is not signed by the CA in ACME_CA_FILE \([A-Z_]+\); that file must hold the CA of the directory's own HTTPS server/,
      );
      await db.delete(domains).where(eq(domains.id, d.id));
    }, 60_000);

    test('without ACME_EAB_* the CA refuses and says why; with them a certificate is issued', async () => {
      const db = ctx.handle.db;
      const { workspaceId } = await makeUser(db, `ca-eab-${name.toLowerCase()}`, 'pro');
      const host = `eab.${name.toLowerCase()}.ca.test`;
      await dns.setA(host, ['127.0.0.1']);
      const [d] = await db.insert(domains).values({ hostname: host, workspaceId, status: 'verified', verificationToken: 'e' }).returning();
      const base = { directoryUrl: acme.directoryUrl, secretKey: TEST_SECRET, caPem: readFileSync(acme.caFile, 'utf8'), networkRetries: 0 };
      const now = new Date();

      expect(await issueDueCertificates(db, base, now)).toEqual({ issued: 0, failed: 1 });
      const refused = await findCertificate(db, d.id);
      expect(refused).toMatchObject({ status: 'failed', next_attempt_at: new Date(now.getTime() + retryDelayMs(1)).toISOString() });
      expect(refused!.error).toMatch(/externalAccountBinding/);

      const bound = { ...base, externalAccountBinding: { kid, hmacKey } };
      // Not before the backoff is over; then issued.
      expect(await issueDueCertificates(db, bound, now)).toEqual({ issued: 0, failed: 0 });
      expect(await issueDueCertificates(db, bound, new Date(now.getTime() + retryDelayMs(1)))).toEqual({ issued: 1, failed: 0 });
      const issued = await findCertificate(db, d.id);
      expect(issued).toMatchObject({ status: 'issued', error: null, next_attempt_at: null });

      // Two minutes of life (pebble's certificateValidityPeriod): not renewed while two thirds are left,
      // renewed in the last third — a second order on the same account.
      const expires = new Date(issued!.expires_at!).getTime();
      expect(await issueDueCertificates(db, bound, new Date(expires - 60_000))).toEqual({ issued: 0, failed: 0 });
      expect(await issueDueCertificates(db, bound, new Date(expires - 30_000))).toEqual({ issued: 1, failed: 0 });
      const renewed = (await findCertificate(db, d.id))!;
      expect(renewed.issued_at).not.toBe(issued!.issued_at);

      // Another instance made the account with this key a moment ago and has not stored its URL yet
      // (two instances ordering at once): the CA answers newAccount with the existing account, which
      // is used as it is (acme-client's empty update of it is refused by pebble).
      await db.update(acmeAccounts).set({ accountUrl: null });
      const renewedExpires = new Date(renewed.expires_at!).getTime();
      expect(await issueDueCertificates(db, bound, new Date(renewedExpires - 30_000))).toEqual({ issued: 1, failed: 0 });
      expect((await db.select({ url: acmeAccounts.accountUrl }).from(acmeAccounts))[0].url).toMatch(/^https:/);
    }, 120_000);
  });
}
