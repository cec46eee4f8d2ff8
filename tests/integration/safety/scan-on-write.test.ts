// Create- and update-time scanning against every database: list entries stored in threat_entries
// refuse a destination (unsafe_url naming the entry), heuristics alone create pending_review, and
// an import announced on the bus is seen by the next create.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SYSTEM_WORKSPACE_ID as W } from '../../../db/schema';
import { AppError } from '../../../lib/core/errors';
import { createLink } from '../../../lib/links/create-link';
import { updateLink } from '../../../lib/links/update-link';
import { announceThreatListChange } from '../../../lib/safety/current-threat-list';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { openTestContext } from '../../helpers/open-test-handle';
import { OPERATOR_SCOPE } from '../../../lib/tenancy/scope';

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe(`scanning on create and update on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  let tdb: TestDatabase;
  let ctx: Awaited<ReturnType<typeof openTestContext>>;

  beforeAll(async () => {
    tdb = await makeDb();
    ctx = await openTestContext(tdb);
    await ctx.handle.query(
      `INSERT INTO threat_entries (kind, value, source) VALUES ('host', 'evil.example', 'hosts.txt'), ('url', 'phish.example.org/login.php?id=7', 'openphish')`,
    );
    announceThreatListChange();
  });
  afterAll(async () => {
    await ctx?.handle.close();
    await tdb?.drop();
  });

  test('a listed host (or a subdomain of it) and a listed URL are refused with the reason', async () => {
    const host = await refusal(createLink({ workspaceId: W, url: 'https://cdn.EVIL.example/x.exe' }, ctx));
    expect(host.status).toBe(422);
    expect(host.toBody().error).toMatchObject({
      code: 'unsafe_url',
      message: "The destination's host evil.example is listed as malware or phishing by hosts.txt.",
      details: { reason: 'listed_host', listed: 'evil.example', source: 'hosts.txt' },
    });
    const url = await refusal(createLink({ workspaceId: W, url: 'http://phish.example.org:80/login.php?id=7#top', urlField: 'long_url' }, ctx));
    expect(url.toBody().error).toMatchObject({
      code: 'unsafe_url',
      details: { reason: 'listed_url', source: 'openphish', long_url: expect.stringContaining('openphish') },
    });
    const other = await createLink({ workspaceId: W, url: 'https://phish.example.org/login.php?id=8' }, ctx);
    expect(other.status).toBe('active');
  });

  test('heuristic suspicion alone creates the link pending_review with the reason', async () => {
    const row = await createLink({ workspaceId: W, url: 'http://203.0.113.9/invoice.exe' }, ctx);
    expect(row).toMatchObject({ status: 'pending_review', safetyReason: expect.stringMatching(/bare IP address/) });
    const events = await ctx.handle.query<{ data: { status: string; safety_reason: string } }>(`SELECT data FROM events WHERE link_id = $1`, [row.id]);
    expect(events[0].data).toMatchObject({ status: 'pending_review', safety_reason: expect.stringMatching(/bare IP address/) });
  });

  test('update scans the new destination: listed is refused and the link unchanged; suspicious holds it; clean releases it', async () => {
    const link = await createLink({ workspaceId: W, url: 'https://example.com/fine' }, ctx);
    const err = await refusal(updateLink(link, { url: 'https://evil.example/' }, ctx, OPERATOR_SCOPE));
    expect(err.code).toBe('unsafe_url');
    const [kept] = await ctx.handle.query<{ long_url: string; status: string }>(`SELECT long_url, status FROM links WHERE id = $1`, [link.id]);
    expect(kept).toEqual({ long_url: 'https://example.com/fine', status: 'active' });

    const held = await updateLink(link, { url: 'https://bit.ly/abc' }, ctx, OPERATOR_SCOPE);
    expect(held).toMatchObject({ status: 'pending_review', safetyReason: expect.stringMatching(/bit\.ly/) });
    const released = await updateLink(held, { url: 'https://example.com/better' }, ctx, OPERATOR_SCOPE);
    expect(released).toMatchObject({ status: 'active', safetyReason: null });
  });

  test('a disabled link stays disabled whatever its new destination', async () => {
    const link = await createLink({ workspaceId: W, url: 'https://example.com/d' }, ctx);
    await ctx.handle.query(`UPDATE links SET status = 'disabled', disabled_reason = 'abuse' WHERE id = $1`, [link.id]);
    expect(await updateLink(link.id, { url: 'https://bit.ly/abc' }, ctx, OPERATOR_SCOPE)).toMatchObject({ status: 'disabled', safetyReason: null });
  });

  test('entries imported later are seen by the next create once announced', async () => {
    expect((await createLink({ workspaceId: W, url: 'https://later.example/' }, ctx)).status).toBe('active');
    await ctx.handle.query(`INSERT INTO threat_entries (kind, value, source) VALUES ('host', 'later.example', 'urlhaus')`);
    announceThreatListChange();
    expect((await refusal(createLink({ workspaceId: W, url: 'https://later.example/' }, ctx))).code).toBe('unsafe_url');
  });
});
