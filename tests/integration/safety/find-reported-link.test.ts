// Which link a report names, on every database: a short link on the app host (or its other names)
// or on a custom domain, by its code case-insensitively; other sites and unknown codes are refused.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { domains, links, SYSTEM_WORKSPACE_ID as W } from '../../../db/schema';
import { AppError } from '../../../lib/core/errors';
import { findReportedLink } from '../../../lib/reports/find-reported-link';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { openTestContext } from '../../helpers/open-test-handle';

const APP = new Set(['sl.ing', 'cname.sl.ing']);

describe(`findReportedLink on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  let tdb: TestDatabase;
  let ctx: Awaited<ReturnType<typeof openTestContext>>;
  let onApp: number;
  let onCustom: number;

  beforeAll(async () => {
    tdb = await makeDb();
    ctx = await openTestContext(tdb);
    const db = ctx.handle.db;
    const [custom] = await db.insert(domains).values({ hostname: 'go.brand.test', workspaceId: W, status: 'verified', verificationToken: 't' }).returning();
    [{ id: onApp }] = await db
      .insert(links)
      .values({ workspaceId: W, domainId: ctx.domains.defaultDomain.id, shortCode: 'Spam123', longUrl: 'https://example.com/a' })
      .returning();
    [{ id: onCustom }] = await db
      .insert(links)
      .values({ workspaceId: W, domainId: custom.id, shortCode: 'Spam123', longUrl: 'https://example.com/b' })
      .returning();
  });
  afterAll(async () => {
    await ctx?.handle.close();
    await tdb?.drop();
  });

  const find = (url: string) => findReportedLink(ctx.handle.db, ctx.domains, url, APP);
  const refusal = async (url: string) => {
    const err = await find(url).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  };

  test('a short link on the app host, its other name, without a scheme, with a slash or a query, any case', async () => {
    for (const url of ['https://sl.ing/Spam123', 'http://cname.sl.ing/spam123', 'sl.ing/SPAM123/', 'https://SL.ING/Spam123?utm=x#top']) {
      expect((await find(url)).id, url).toBe(onApp);
    }
  });

  test("the same code on a custom domain is that domain's link", async () => {
    expect((await find('https://go.brand.test/Spam123')).id).toBe(onCustom);
    expect((await find('GO.BRAND.TEST/spam123')).id).toBe(onCustom);
  });

  test('other sites, unknown codes and things that are not short links are refused, naming url', async () => {
    const foreign = await refusal('https://elsewhere.test/Spam123');
    expect(foreign.toBody().error).toMatchObject({
      code: 'invalid_request',
      details: { url: expect.stringMatching(/elsewhere\.test is not a short-link domain/) },
    });
    expect((await refusal('https://sl.ing/nope999')).code).toBe('not_found');
    expect((await refusal('https://sl.ing/')).code).toBe('not_found');
    expect((await refusal('https://sl.ing/a/b')).code).toBe('not_found');
    expect((await refusal('https://sl.ing/%E0%A4%A')).code).toBe('not_found');
    // A code no link can have is not looked up (a NUL reached PostgreSQL: a 500, found by the fuzz suite).
    for (const url of ['https://sl.ing/Spam123%00', 'https://sl.ing/%00', 'https://sl.ing/sp%20am', 'https://sl.ing/' + 'a'.repeat(51)]) {
      expect((await refusal(url)).code, url).toBe('not_found');
    }
    expect((await refusal('ftp://sl.ing/Spam123')).details).toHaveProperty('url');
    expect((await refusal('http://[')).details).toHaveProperty('url');
  });
});
