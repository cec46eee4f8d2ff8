// The links core against every database: PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { invalidationBus } from '../../../lib/cache/invalidation-bus';
import { appliedMigrationCount, applyMigrations, shippedMigrationCount } from '../../../lib/db/migrate';
import { createClickEnricher } from '../../../lib/analytics/enrich-click';
import { openGeoIp } from '../../../lib/analytics/geoip';
import { clickWriter } from '../../../lib/edge/write-clicks';
import { AppError } from '../../../lib/core/errors';
import { createLink } from '../../../lib/links/create-link';
import { getLinkByCode } from '../../../lib/links/get-link-by-code';
import { serializeLink } from '../../../lib/links/serialize-link';
import { updateLink } from '../../../lib/links/update-link';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { openTestContext } from '../../helpers/open-test-handle';
import { SYSTEM_WORKSPACE_ID as W } from '../../../db/schema';
import { OPERATOR_SCOPE } from '../../../lib/tenancy/scope';

describe(`links core on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.empty;
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

  test('migrations are recorded and applying them again changes nothing', async () => {
    expect(await appliedMigrationCount(ctx.handle)).toBe(shippedMigrationCount());
    await applyMigrations(ctx.handle, tdb.databaseUrl);
    expect(await appliedMigrationCount(ctx.handle)).toBe(shippedMigrationCount());
  });

  test('create with a random code gives the documented link shape', async () => {
    const row = await createLink({ workspaceId: W, url: 'https://example.com/a?b=1' }, ctx);
    const json = serializeLink(row, ctx.domains);
    expect(json).toMatchObject({
      short_code: expect.stringMatching(/^[2-9A-HJ-NP-Za-km-z]{7}$/),
      long_url: 'https://example.com/a?b=1',
      domain: { id: ctx.domains.defaultDomain.id, hostname: 'sl.ing' },
      password_protected: false,
      expiration: null,
      status: 'active',
      clicks: 0,
    });
    expect(json.short_url).toBe(`https://sl.ing/${json.short_code}`);
    expect(json.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  test('aliases are unique per domain case-insensitively (409 alias_taken) and found in any case', async () => {
    await createLink({ workspaceId: W, url: 'https://example.com/x', alias: 'Launch-2026' }, ctx);
    const err = await createLink({ workspaceId: W, url: 'https://example.com/y', alias: 'launch-2026' }, ctx).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.status).toBe(409);
    expect(err.code).toBe('alias_taken');
    const found = await getLinkByCode(ctx.handle.db, ctx.domains.defaultDomain.id, 'LAUNCH-2026');
    expect(found?.longUrl).toBe('https://example.com/x');
  });

  test('bad input is refused before anything is written', async () => {
    const before = await ctx.handle.query<{ n: number }>('SELECT count(*)::int AS n FROM links');
    for (const input of [
      { url: 'javascript:alert(1)' },
      { url: 'https://cname.sl.ing/x' },
      { url: 'https://e.com', alias: 'api' },
      { url: 'https://e.com', alias: 'x' },
    ]) {
      const err = await createLink({ ...input, workspaceId: W }, ctx).catch((e) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err.status).toBe(400);
    }
    const after = await ctx.handle.query<{ n: number }>('SELECT count(*)::int AS n FROM links');
    expect(after[0].n).toBe(before[0].n);
  });

  test('a random code collision (in any letter case) is retried with a new code', async () => {
    await createLink({ workspaceId: W, url: 'https://example.com/t', alias: 'Zz9Zz9Z' }, ctx);
    const scripted = ['zz9zz9z', 'ZZ9ZZ9Z', 'Q8Q8Q8Q'];
    let calls = 0;
    const row = await createLink({ workspaceId: W, url: 'https://example.com/r' }, ctx, { generate: () => scripted[calls++] });
    expect(calls).toBe(3);
    expect(row.shortCode).toBe('Q8Q8Q8Q');
  });

  test('when every attempt collides, creation fails instead of looping', async () => {
    await createLink({ workspaceId: W, url: 'https://example.com/t', alias: 'Same123' }, ctx);
    const err = await createLink({ workspaceId: W, url: 'https://example.com/r' }, ctx, { generate: () => 'same123' }).catch((e) => e);
    expect(err).toBeInstanceOf(Error);
    expect(String(err.message)).toMatch(/no free random code/);
  });

  test('updates publish an invalidation for the link', async () => {
    const row = await createLink({ workspaceId: W, url: 'https://example.com/before' }, ctx);
    const keys: string[] = [];
    const off = invalidationBus().subscribe((k) => keys.push(k));
    const updated = await updateLink(row.id, { url: 'https://example.com/after' }, ctx, OPERATOR_SCOPE);
    off();
    expect(updated.longUrl).toBe('https://example.com/after');
    expect(keys).toContain(`link:${row.domainId}:${row.shortCode.toLowerCase()}`);
  });

  test('clicks are written in one batch, counted per link, and clicks for deleted links skipped', async () => {
    const a = await createLink({ workspaceId: W, url: 'https://example.com/a' }, ctx);
    const b = await createLink({ workspaceId: W, url: 'https://example.com/b' }, ctx);
    const gone = await createLink({ workspaceId: W, url: 'https://example.com/gone' }, ctx);
    await ctx.handle.query('DELETE FROM links WHERE id = $1', [gone.id]);
    const write = clickWriter(ctx.handle, createClickEnricher({ secret: 'test-secret', geo: openGeoIp(), storeIp: true }));
    const t = Date.parse('2026-05-01T12:00:00.123Z');
    await write([
      { linkId: a.id, at: t, referrer: 'https://ref.example/', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0', ip: '1.2.3.4' },
      { linkId: a.id, at: t + 1, referrer: undefined, userAgent: undefined, ip: '::1' },
      { linkId: b.id, at: t + 2, referrer: undefined, userAgent: 'Mozilla/5.0 (Macintosh) Safari/605.1.15', ip: '5.6.7.8' },
      { linkId: gone.id, at: t + 3, referrer: undefined, userAgent: 'Mozilla/5.0 (X11) Chrome/126.0', ip: '9.9.9.9' },
    ]);
    const counts = await ctx.handle.query<{ id: number; clicks: number }>('SELECT id, clicks FROM links WHERE id = ANY($1) ORDER BY id', [[a.id, b.id]]);
    expect(counts.map((r) => Number(r.clicks))).toEqual([2, 1]);
    const rows = await ctx.handle.query<{ link_id: number; clicked_at: Date; referrer: string | null; user_agent: string | null; ip: string }>(
      'SELECT link_id, clicked_at, referrer, user_agent, ip FROM clicks WHERE link_id = $1 ORDER BY clicked_at',
      [a.id],
    );
    expect(rows).toHaveLength(2);
    expect(new Date(rows[0].clicked_at).toISOString()).toBe('2026-05-01T12:00:00.123Z');
    expect(rows[0]).toMatchObject({ referrer: 'https://ref.example/', user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0', ip: '1.2.3.4' });
    expect(rows[1]).toMatchObject({ referrer: null, user_agent: null, ip: '::1' });
  });
});
