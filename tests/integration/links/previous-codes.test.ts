// Previous codes against every database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): a
// rename keeps the old code leading to the link, in any case; a freed one leads nowhere; a held code
// refuses new links and other links' renames; renaming back takes it up; deletion frees them; the
// cache keys published by a rename name both codes.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { invalidationBus, linkKey } from '../../../lib/cache/invalidation-bus';
import { createLink } from '../../../lib/links/create-link';
import { deleteLink } from '../../../lib/links/delete-link';
import { getLinkByCode } from '../../../lib/links/get-link-by-code';
import { findPreviousCodes } from '../../../lib/links/previous-codes';
import { updateLink } from '../../../lib/links/update-link';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { openTestContext } from '../../helpers/open-test-handle';
import { SYSTEM_WORKSPACE_ID as W } from '../../../db/schema';
import { OPERATOR_SCOPE } from '../../../lib/tenancy/scope';

describe(`previous codes on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
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

  const codeOf = async (code: string) => (await getLinkByCode(ctx.handle.db, ctx.domains.defaultDomain.id, code))?.id;
  const held = async (id: number) => (await findPreviousCodes(ctx.handle.db, id)).map((p) => p.code);
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => 'accepted',
      (e: { code?: string }) => e.code,
    );

  test('rename, rename back, free, hold and delete', async () => {
    const keys: string[] = [];
    const stop = invalidationBus().subscribe((k) => keys.push(k));
    const link = await createLink({ workspaceId: W, url: 'https://example.com/pc', alias: 'Pc-One' }, ctx);
    let row = await updateLink(link, { alias: 'pc-two' }, ctx, OPERATOR_SCOPE);
    expect(keys).toEqual(expect.arrayContaining([linkKey(link.domainId, 'pc-two'), linkKey(link.domainId, 'pc-one')]));
    stop();
    expect([await codeOf('PC-ONE'), await codeOf('pc-two')]).toEqual([link.id, link.id]);
    expect(await held(link.id)).toEqual(['Pc-One']);

    expect(await refusal(createLink({ workspaceId: W, url: 'https://example.com/x', alias: 'pc-one' }, ctx))).toBe('alias_taken');
    const other = await createLink({ workspaceId: W, url: 'https://example.com/other', alias: 'pc-other' }, ctx);
    expect(await refusal(updateLink(other, { alias: 'PC-ONE' }, ctx, OPERATOR_SCOPE))).toBe('alias_taken');
    expect(await codeOf('pc-other')).toBe(other.id); // the refused rename left it as it was

    row = await updateLink(row, { alias: 'pc-one' }, ctx, OPERATOR_SCOPE);
    expect(await held(link.id)).toEqual(['pc-two']);
    row = await updateLink(row, { alias: 'pc-three', freeOldCode: true }, ctx, OPERATOR_SCOPE);
    expect(await held(link.id)).toEqual(['pc-two']);
    expect(await codeOf('pc-one')).toBeUndefined();
    // A case change is the same code: nothing is left behind.
    row = await updateLink(row, { alias: 'PC-THREE' }, ctx, OPERATOR_SCOPE);
    expect(await held(link.id)).toEqual(['pc-two']);

    await deleteLink(row, ctx, OPERATOR_SCOPE);
    expect(await codeOf('pc-two')).toBeUndefined();
    expect((await createLink({ workspaceId: W, url: 'https://example.com/y', alias: 'pc-two' }, ctx)).shortCode).toBe('pc-two');
  });
});
