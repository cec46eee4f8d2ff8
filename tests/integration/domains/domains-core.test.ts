// Custom domains at the lib level, on PGlite and PostgreSQL, with a real DNS server on loopback:
// verification writes domain.verified exactly once, two claims proven at the same moment leave one
// holder, the background check follows its backoff and stops after 72 hours, and deleting a domain
// takes its links (with their link.deleted events).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { domains, events, links } from '../../../db/schema';
import { dnsResolver, type DnsLookup } from '../../../lib/domains/check-domain-dns';
import { checkDueDomains } from '../../../lib/domains/check-due-domains';
import { loadRegistryDomains } from '../../../lib/domains/domain-registry';
import type { DomainSettings } from '../../../lib/domains/domain-settings';
import { addDomain, type DomainScope } from '../../../lib/domains/manage-domains';
import { deleteDomain } from '../../../lib/links/delete-domain';
import { verifyDomain } from '../../../lib/domains/verify-domain';
import { createLink } from '../../../lib/links/create-link';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startDnsServer, type TestDnsServer } from '../../helpers/dns-server';
import { BASE, openTestContext } from '../../helpers/open-test-handle';
import { challtestsrvPath } from '../../helpers/services';
import { makeUser, type TestUser } from '../../helpers/workspace-fixtures';

const binary = challtestsrvPath();

if (binary) {
  describe(`custom domains (lib) on ${suiteDatabase.name}`, () => {
    const makeDb = suiteDatabase.migrated;
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
      user = await makeUser(ctx.handle.db, 'core-user', 'business');
      settings = { baseHost: BASE.baseHost, linkHost: BASE.linkHost, linkHostIps: [], dnsServers: dns.address, checkSchedule: [60, 600] };
      scope = { ctx, actor: user.actor, settings };
    });
    afterAll(async () => {
      await ctx?.handle.close();
      await dns?.stop();
      await tdb?.drop();
    });

    const verifiedEvents = async (domainId: number) =>
      (await ctx.handle.db.select().from(events).where(eq(events.type, 'domain.verified'))).filter(
        (e) => (e.data as { domain: { id: number } }).domain.id === domainId,
      );

    test('verification: one domain.verified event however often it is checked', async () => {
      const d = await addDomain(scope, { hostname: 'once.core.test' });
      await dns.setCname('once.core.test', BASE.linkHost);
      await dns.addTxt('_svc-verify.once.core.test', `svc-verify=${d.verificationToken}`);
      const first = await verifyDomain(ctx.handle, d, settings);
      expect(first.verifiedNow).toBe(true);
      expect(first.domain).toMatchObject({ status: 'verified', nextCheckAt: null });
      // A second check (a click racing the job) finds it verified already: no second event.
      const again = await verifyDomain(ctx.handle, d, settings);
      expect(again.verifiedNow).toBe(false);
      expect(await verifiedEvents(d.id)).toEqual([
        expect.objectContaining({ workspaceId: user.workspaceId, data: { domain: { id: d.id, hostname: 'once.core.test' }, verified_at: expect.any(String) } }),
      ]);
    });

    test('two claims on one name proven at the same moment: one holds it, the other is lost with the reason; one domain.verified', async () => {
      const other = await makeUser(ctx.handle.db, 'core-rival', 'business');
      const mine = await addDomain(scope, { hostname: 'race.core.test' });
      const theirs = await addDomain({ ...scope, actor: other.actor }, { hostname: 'race.core.test' });
      await dns.setCname('race.core.test', BASE.linkHost);
      for (const d of [mine, theirs]) await dns.addTxt('_svc-verify.race.core.test', `svc-verify=${d.verificationToken}`);
      // Each check waits, after its lookups, until both have looked: their transactions then run together.
      const real = dnsResolver(dns.address);
      let looked = 0;
      let release!: () => void;
      const both = new Promise<void>((r) => (release = r));
      const barrier = (): DnsLookup => {
        let txt = 0;
        return {
          resolveCname: (n) => real.resolveCname(n),
          resolve4: (n) => real.resolve4(n),
          resolve6: (n) => real.resolve6(n),
          resolveTxt: async (n) => {
            const answer = await real.resolveTxt(n);
            if (++txt === 1 && ++looked === 2) release();
            await both;
            return answer;
          },
        };
      };
      const results = await Promise.all([mine, theirs].map((d) => verifyDomain(ctx.handle, d, settings, { dns: barrier() })));
      expect(results.map((r) => r.transition).sort()).toEqual(['lost', 'verified']);
      const lost = results.find((r) => r.transition === 'lost')!;
      expect(lost.domain).toMatchObject({ status: 'expired', statusReason: expect.stringMatching(/^Another workspace verified race\.core\.test/) });
      const rows = await ctx.handle.db.select().from(domains).where(eq(domains.hostname, 'race.core.test'));
      expect(rows.map((r) => r.status).sort()).toEqual(['expired', 'verified']);
      const winner = rows.find((r) => r.status === 'verified')!;
      expect(await verifiedEvents(winner.id)).toHaveLength(1);
    });

    test('the background check: due domains only, backoff along the schedule, verified when the records appear, stopped after 72 hours', async () => {
      const d = await addDomain(scope, { hostname: 'slow.core.test' });
      const added = new Date(d.createdAt);
      const at = (s: number) => new Date(added.getTime() + s * 1000);
      expect(d.nextCheckAt).toEqual(at(60));
      expect((await checkDueDomains(ctx.handle, settings, { now: at(30) })).checked).toBe(0);
      expect(await checkDueDomains(ctx.handle, settings, { now: at(61) })).toEqual({ checked: 1, verified: 0, expired: 0 });
      let [row] = await ctx.handle.db.select().from(domains).where(eq(domains.id, d.id));
      expect(row.nextCheckAt).toEqual(at(660));
      expect(row.lastCheck?.map((r) => [r.type, r.status])).toEqual([
        ['CNAME', 'missing'],
        ['TXT', 'missing'],
      ]);
      await dns.setCname('slow.core.test', BASE.linkHost);
      await dns.addTxt('_svc-verify.slow.core.test', `svc-verify=${d.verificationToken}`);
      expect((await checkDueDomains(ctx.handle, settings, { now: at(300) })).checked).toBe(0); // not due yet
      expect(await checkDueDomains(ctx.handle, settings, { now: at(661) })).toEqual({ checked: 1, verified: 1, expired: 0 });
      expect(await verifiedEvents(d.id)).toHaveLength(1);

      const late = await addDomain(scope, { hostname: 'never.core.test' });
      const lateAdded = new Date(late.createdAt).getTime();
      await checkDueDomains(ctx.handle, settings, { now: new Date(lateAdded + 72 * 3600_000 - 30_000) });
      [row] = await ctx.handle.db.select().from(domains).where(eq(domains.id, late.id));
      expect(row).toMatchObject({ status: 'pending', nextCheckAt: null });
    });

    test('deleting a domain takes its links, each with link.deleted; the registry forgets the host', async () => {
      const d = await addDomain(scope, { hostname: 'gone.core.test' });
      await dns.setCname('gone.core.test', BASE.linkHost);
      await dns.addTxt('_svc-verify.gone.core.test', `svc-verify=${d.verificationToken}`);
      await verifyDomain(ctx.handle, d, settings);
      ctx.domains.apply('gone.core.test', await loadRegistryDomains(ctx.handle, 'gone.core.test'));
      const made = await Promise.all(['g-one', 'g-two'].map((alias) => createLink({ ...user.owns, url: 'https://example.com/g', alias, domainId: d.id }, ctx)));
      expect(await deleteDomain(scope, String(d.id))).toBe(2);
      expect(await ctx.handle.db.select().from(links).where(eq(links.domainId, d.id))).toEqual([]);
      const deleted = await ctx.handle.db.select().from(events).where(eq(events.type, 'link.deleted'));
      expect(deleted.map((e) => e.linkId).sort()).toEqual(made.map((l) => l.id).sort());
      expect(await loadRegistryDomains(ctx.handle, 'gone.core.test')).toEqual([]);
    });
  });
}
