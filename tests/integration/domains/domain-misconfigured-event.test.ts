// domain.misconfigured on every database, with a real DNS server on loopback: the re-check that finds
// a verified domain's route record gone records it once, in the transaction that changes the status,
// naming the wrong record; re-checks while it stays broken and the recovery record nothing; a second
// breakage records it again. It reaches a subscribed webhook, and not one subscribed to other events.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DomainSettings } from '../../../lib/domains/domain-settings';
import { addDomain, type DomainScope } from '../../../lib/domains/manage-domains';
import { recheckVerifiedDomains } from '../../../lib/domains/recheck-verified-domains';
import { verifyDomain } from '../../../lib/domains/verify-domain';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startDnsServer, type TestDnsServer } from '../../helpers/dns-server';
import { receiveEvents } from '../../helpers/event-receiver';
import { BASE, openTestContext } from '../../helpers/open-test-handle';
import { challtestsrvPath } from '../../helpers/services';
import { until } from '../../helpers/until';
import { makeUser } from '../../helpers/workspace-fixtures';

const binary = challtestsrvPath();
const HOUR = 3600_000;

if (binary) {
  describe(`domain.misconfigured on ${suiteDatabase.name}`, () => {
    const name = suiteDatabase.name.toLowerCase();
    let tdb: TestDatabase;
    let dns: TestDnsServer;
    let ctx: Awaited<ReturnType<typeof openTestContext>>;
    let settings: DomainSettings;

    beforeAll(async () => {
      tdb = await suiteDatabase.migrated();
      dns = await startDnsServer(binary);
      ctx = await openTestContext(tdb);
      settings = { baseHost: BASE.baseHost, linkHost: BASE.linkHost, linkHostIps: [], dnsServers: dns.address, checkSchedule: [60] };
    });
    afterAll(async () => {
      await ctx?.handle.close();
      await dns?.stop();
      await tdb?.drop();
    });

    const eventsOf = (type: string, workspaceId: string) =>
      ctx.handle.query<{ data: any }>('SELECT data FROM events WHERE type = $1 AND workspace_id = $2 ORDER BY seq', [type, workspaceId]);

    test('records gone → one event naming the missing record; restored → none; gone again → one more', async () => {
      const user = await makeUser(ctx.handle.db, `misconf-${name}`, 'business');
      const other = await makeUser(ctx.handle.db, `misconf-other-${name}`, 'business');
      const scope: DomainScope = { ctx, actor: user.actor, settings };
      const host = `go.${name}.misconf.test`;
      const d = await addDomain(scope, { hostname: host });
      await dns.setCname(host, BASE.linkHost);
      await dns.addTxt(`_svc-verify.${host}`, `svc-verify=${d.verificationToken}`);
      const wanted = await receiveEvents(ctx, user, ['domain.misconfigured']);
      const unwanted = await receiveEvents(ctx, user, ['domain.verified', 'link.created']);
      const elsewhere = await receiveEvents(ctx, other, ['domain.misconfigured']);
      try {
        const verified = await verifyDomain(ctx.handle, d, settings);
        expect(verified.domain.status).toBe('verified');
        const t0 = new Date(verified.domain.lastCheckedAt!).getTime();
        const recheck = (hours: number) => recheckVerifiedDomains(ctx.handle, settings, { now: new Date(t0 + hours * HOUR), notify: async () => {} });

        await dns.clearCname(host);
        expect(await recheck(25)).toMatchObject({ misconfigured: 1 });
        expect(await recheck(27)).toMatchObject({ checked: 1, misconfigured: 0 }); // still broken: checked hourly, nothing new
        const [event, ...more] = await eventsOf('domain.misconfigured', user.workspaceId);
        expect(more).toEqual([]);
        expect(event.data).toEqual({
          domain: { id: d.id, hostname: host },
          problems: [{ type: 'CNAME', name: host, purpose: 'route', expected: BASE.linkHost, status: 'missing', seen: [] }],
          checked_at: new Date(t0 + 25 * HOUR).toISOString(),
        });

        await dns.setCname(host, BASE.linkHost);
        expect(await recheck(28)).toMatchObject({ restored: 1 });
        await dns.setCname(host, 'elsewhere.example.net');
        expect(await recheck(53)).toMatchObject({ misconfigured: 1 });
        const events = await eventsOf('domain.misconfigured', user.workspaceId);
        expect(events).toHaveLength(2);
        expect(events[1].data.problems).toEqual([
          { type: 'CNAME', name: host, purpose: 'route', expected: BASE.linkHost, status: 'wrong', seen: ['elsewhere.example.net'] },
        ]);
        expect(await eventsOf('domain.verified', user.workspaceId)).toHaveLength(1);

        await until('both events delivered', async () => wanted.payloads('domain.misconfigured').length >= 2 && unwanted.receiver.received.length >= 1);
        await until('everything delivered', async () => (await wanted.settled()) && (await unwanted.settled()) && (await elsewhere.settled()));
        expect(wanted.payloads('domain.misconfigured').map((p) => p.data)).toEqual(events.map((e) => e.data));
        // Subscribed to domain.verified: the first verification only, not the recovery.
        expect(unwanted.receiver.received.map((r) => r.payload.event)).toEqual(['domain.verified']);
        expect(elsewhere.receiver.received).toEqual([]);
      } finally {
        await Promise.all([wanted.close(), unwanted.close(), elsewhere.close()]);
      }
    });
  });
}
