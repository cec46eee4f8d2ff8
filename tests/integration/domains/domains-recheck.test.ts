// The daily re-check of verified custom domains, on PGlite and PostgreSQL, with a real DNS server
// and a real SMTP listener on loopback: a record removed at the DNS server turns the domain
// misconfigured (the API's records say which), its owner gets one mail however often it is
// checked, its links keep answering; the record restored turns it verified, with one more mail.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { domains } from '../../../db/schema';
import type { DomainSettings } from '../../../lib/domains/domain-settings';
import { findVerifiedDomain } from '../../../lib/domains/find-verified-domain';
import { addDomain, type DomainScope } from '../../../lib/domains/manage-domains';
import { notifyDomainStatus } from '../../../lib/domains/notify-domain-status';
import { recheckVerifiedDomains } from '../../../lib/domains/recheck-verified-domains';
import { serializeDomain } from '../../../lib/domains/serialize-domain';
import { verifyDomain } from '../../../lib/domains/verify-domain';
import { suiteDatabase, TEST_SECRET, type TestDatabase } from '../../helpers/databases';
import { startDnsServer, type TestDnsServer } from '../../helpers/dns-server';
import { BASE, openTestContext } from '../../helpers/open-test-handle';
import { challtestsrvPath } from '../../helpers/services';
import { startSmtpListener } from '../../helpers/smtp-listener';
import { until } from '../../helpers/until';
import { makeUser, type TestUser } from '../../helpers/workspace-fixtures';

const binary = challtestsrvPath();
const HOUR = 3600_000;

// One listener for the file: lib/ reads SMTP_URL and BASE_URL once per process.
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
beforeAll(async () => {
  smtp = await startSmtpListener();
  Object.assign(process.env, { SMTP_URL: smtp.url, BASE_URL: BASE.baseUrl, SECRET_KEY: TEST_SECRET });
});
afterAll(async () => smtp?.close());

if (binary) {
  describe(`re-checking verified domains on ${suiteDatabase.name}`, () => {
    const makeDb = suiteDatabase.migrated;
    const name = suiteDatabase.name;
    let tdb: TestDatabase;
    let dns: TestDnsServer;
    let ctx: Awaited<ReturnType<typeof openTestContext>>;
    let user: TestUser;
    let settings: DomainSettings;
    let scope: DomainScope;

    beforeAll(async () => {
      tdb = await makeDb();
      dns = await startDnsServer(binary);
      ctx = await openTestContext(tdb);
      user = await makeUser(ctx.handle.db, `recheck-${name.toLowerCase()}`, 'business');
      settings = { baseHost: BASE.baseHost, linkHost: BASE.linkHost, linkHostIps: [], dnsServers: dns.address, checkSchedule: [60] };
      scope = { ctx, actor: user.actor, settings };
    });
    afterAll(async () => {
      await ctx?.handle.close();
      await dns?.stop();
      await tdb?.drop();
    });

    test('record removed → misconfigured, one mail, links still served; record restored → verified, one mail', async () => {
      const host = `go.${name.toLowerCase()}.recheck.test`;
      const d = await addDomain(scope, { hostname: host });
      await dns.setCname(host, BASE.linkHost);
      await dns.addTxt(`_svc-verify.${host}`, `svc-verify=${d.verificationToken}`);
      const verified = await verifyDomain(ctx.handle, d, settings);
      expect(verified.domain.status).toBe('verified');
      const t0 = new Date(verified.domain.lastCheckedAt!).getTime();
      const recheck = (hours: number) =>
        recheckVerifiedDomains(ctx.handle, settings, {
          now: new Date(t0 + hours * HOUR),
          notify: (dom, t, r) => notifyDomainStatus(ctx.handle.db, dom, t, r, BASE.baseUrl),
        });
      const mine = () => smtp.mails.filter((m) => m.subject.includes(host));
      const row = async () => (await ctx.handle.db.select().from(domains).where(eq(domains.id, d.id)))[0];

      // Records in place: checked again only once a day has passed, and nothing changes.
      expect(await recheck(2)).toEqual({ checked: 0, misconfigured: 0, restored: 0 });
      expect(await recheck(24)).toEqual({ checked: 1, misconfigured: 0, restored: 0 });
      expect((await row()).status).toBe('verified');

      await dns.clearCname(host);
      expect(await recheck(48)).toEqual({ checked: 1, misconfigured: 1, restored: 0 });
      const broken = await row();
      expect(broken.status).toBe('misconfigured');
      const shown = serializeDomain(broken, settings);
      expect(shown.status).toBe('misconfigured');
      expect(shown.records.map((r) => [r.type, r.status])).toEqual([
        ['CNAME', 'missing'],
        ['TXT', 'found'],
      ]);
      const [mail] = await until('the misconfigured mail', async () => (mine().length >= 1 ? mine() : undefined));
      expect(mail.to).toEqual([`${user.userId}@example.com`]);
      expect(mail.subject).toBe(`${host} is misconfigured`);
      expect(mail.text).toContain(`CNAME ${host} should be ${BASE.linkHost}`);
      // It keeps serving its links meanwhile.
      expect(await findVerifiedDomain(ctx.handle.db, host)).toMatchObject({ id: d.id });

      // Still broken an hour later: checked again, no second mail.
      expect(await recheck(49)).toEqual({ checked: 1, misconfigured: 0, restored: 0 });
      expect(await recheck(49.5)).toEqual({ checked: 0, misconfigured: 0, restored: 0 });

      await dns.setCname(host, BASE.linkHost);
      expect(await recheck(50)).toEqual({ checked: 1, misconfigured: 0, restored: 1 });
      expect((await row()).status).toBe('verified');
      const mails = await until('the restored mail', async () => (mine().length >= 2 ? mine() : undefined));
      expect(mails.map((m) => m.subject)).toEqual([`${host} is misconfigured`, `${host} is set up correctly again`]);
      expect(await recheck(51)).toEqual({ checked: 0, misconfigured: 0, restored: 0 });
      expect(mine()).toHaveLength(2);
    });

    test('a DNS server that does not answer leaves a verified domain verified', async () => {
      const host = `quiet.${name.toLowerCase()}.recheck.test`;
      const d = await addDomain(scope, { hostname: host });
      await dns.setCname(host, BASE.linkHost);
      await dns.addTxt(`_svc-verify.${host}`, `svc-verify=${d.verificationToken}`);
      const verified = await verifyDomain(ctx.handle, d, settings);
      expect(verified.domain.status).toBe('verified');
      // A port nothing answers on: every lookup times out.
      const silent = { ...settings, dnsServers: '127.0.0.1:9' };
      const now = new Date(new Date(verified.domain.lastCheckedAt!).getTime() + 25 * HOUR);
      const result = await verifyDomain(ctx.handle, verified.domain, silent, { now });
      expect(result.transition).toBeUndefined();
      expect(result.domain.status).toBe('verified');
      expect(result.records.every((r) => r.error !== undefined)).toBe(true);
    });
  });
}
