// The edge cache's batched loader against every database (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set): one query answers a batch of codes — current codes in any case, old
// codes of renamed links, previews, unknown codes — exactly as the one-code loader does; a LinkCache
// on it loads a cold pass and a wave of stale links with one query each, and a rename's
// invalidation drops the old code's entry.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { linkKey } from '../../../lib/cache/invalidation-bus';
import { LinkCache } from '../../../lib/edge/link-cache';
import { createLink } from '../../../lib/links/create-link';
import { getLinkByCode } from '../../../lib/links/get-link-by-code';
import { updateLink } from '../../../lib/links/update-link';
import { edgeLinkLoader, edgeLinksLoader, type LinkRequest } from '../../../lib/previews/edge-preview';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { openTestContext } from '../../helpers/open-test-handle';
import { until } from '../../helpers/until';
import { linkPreviews, SYSTEM_WORKSPACE_ID as W } from '../../../db/schema';
import { OPERATOR_SCOPE } from '../../../lib/tenancy/scope';

describe(`batched edge loads on ${suiteDatabase.name}`, () => {
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

  test('one query for a batch, answering as the one-code loader does', async () => {
    const d = ctx.domains.defaultDomain.id;
    const plain = await createLink({ workspaceId: W, url: 'https://example.com/plain', alias: 'Eb-Plain' }, ctx);
    const renamed = await createLink({ workspaceId: W, url: 'https://example.com/renamed', alias: 'eb-before' }, ctx);
    await updateLink(renamed, { alias: 'eb-after' }, ctx, OPERATOR_SCOPE);
    const previewed = await createLink({ workspaceId: W, url: 'https://example.com/previewed', alias: 'eb-card' }, ctx);
    await ctx.handle.db
      .insert(linkPreviews)
      .values({ linkId: previewed.id, workspaceId: W, title: 'A card', description: 'Said', updatedAt: new Date('2026-01-02T03:04:05Z') });

    const registry = () => ctx.domains;
    const many = edgeLinksLoader(ctx.handle.db, registry);
    const one = edgeLinkLoader(ctx.handle.db, registry);
    const asked: LinkRequest[] = ['eb-plain', 'EB-BEFORE', 'eb-after', 'eb-card', 'eb-none', 'Eb-Plain'].map((code) => ({ domainId: d, code }));
    const batch = await many(asked);
    expect(batch.map((r) => r?.id)).toEqual([plain.id, renamed.id, renamed.id, previewed.id, undefined, plain.id]);
    expect(batch[1]?.shortCode).toBe('eb-after');
    expect(batch[3]?.preview).toMatchObject({ title: 'A card', description: 'Said', generated: true, uploaded: false, host: 'sl.ing' });
    expect(batch[0]?.preview).toBeNull();
    expect(batch[0]?.createdAt).toBeInstanceOf(Date);
    for (const [i, r] of asked.entries()) {
      expect(await one(r.domainId, r.code)).toEqual(batch[i]);
      // The same link getLinkByCode (the API's lookup) finds.
      expect((await getLinkByCode(ctx.handle.db, r.domainId, r.code))?.id).toBe(batch[i]?.id);
    }
    // Another domain's codes are not this one's.
    expect(await many([{ domainId: d + 1000, code: 'eb-plain' }])).toEqual([undefined]);
    expect(await many([])).toEqual([]);
  });

  test('a LinkCache on it: a cold pass and a stale wave are one query each; a rename drops the old code', async () => {
    const d = ctx.domains.defaultDomain.id;
    const codes = Array.from({ length: 40 }, (_, i) => `wave-${i}`);
    for (const code of codes) await createLink({ workspaceId: W, url: `https://example.com/${code}`, alias: code }, ctx);
    const loader = edgeLinksLoader(ctx.handle.db, () => ctx.domains);
    const batches: number[] = [];
    const cache = new LinkCache({ maxEntries: 1000, maxBytes: 1 << 22, ttlMs: 1000, reloadWindowMs: 5, loadMany: (r) => (batches.push(r.length), loader(r)) });
    const domain = { id: d };
    const cold = await Promise.all([...codes, 'eb-before'].map((c) => cache.lookup(linkKey(d, c), domain, c, Date.now())));
    expect(batches).toEqual([41]);
    expect(cold.every((e) => e.kind === 'link')).toBe(true);

    const stale = Date.now() + 1001;
    for (const c of codes) expect(cache.lookup(linkKey(d, c), domain, c, stale)).toMatchObject({ kind: 'link' });
    await until('the stale wave to reload', async () => batches.length === 2 && cache.peek(linkKey(d, 'wave-39'), Date.now()) !== undefined);
    expect(batches).toEqual([41, 40]);

    // The old code "eb-before" depends on the link's current key.
    expect(cache.peek(linkKey(d, 'eb-before'), Date.now())).toMatchObject({ kind: 'link', location: 'https://example.com/renamed' });
    cache.invalidate(linkKey(d, 'eb-after'));
    expect(cache.peek(linkKey(d, 'eb-before'), Date.now())).toBeUndefined();
  });
});
