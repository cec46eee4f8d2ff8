// Tags over REST v1 (/api/v1/tags), on Sling in the test process: the list with colours and counts,
// recolouring, renaming (onto an existing name: a merge), merging several and deleting, each
// rewriting the links' arrays; another workspace's tag of the same name is never touched, and a
// member rewrites only the links it created. Each rename, merge and delete is in the audit log.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { createLink } from '../../../lib/openapi/operations/links';
import { defaultTagColor } from '../../../lib/tags/tag-colors';
import { apiClient, inProcess, offSchema, type ApiClient, type CallOptions } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { makeEnterpriseTeam } from '../../helpers/sso-fixtures';

type LinkJson = { id: number; tags: string[]; updated_at: string };
type TagJson = { name: string; color: string; links: number };

describe(`tags on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let ann: ApiClient;
  let bob: ApiClient;
  let owner: ApiClient;
  let member: ApiClient;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    sling = await startInProcessSling(tdb.env);
    const api = apiClient(inProcess(sling));
    ann = api.as({ token: await sling.seed.userWithToken('ann@example.com', { plan: 'business' }) });
    bob = api.as({ token: await sling.seed.userWithToken('bob@example.com', { plan: 'business' }) });
    for (const email of ['olga@team.test', 'mo@team.test']) await sling.seed.user(email);
    await makeEnterpriseTeam(sling.handle, 'team', 'olga@team.test', ['mo@team.test']);
    owner = api.as({ token: await sling.seed.token('olga@team.test', { workspace: 'team' }) });
    member = api.as({ token: await sling.seed.token('mo@team.test', { workspace: 'team' }) });
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  const create = async (who: ApiClient, tags: string[]) => {
    const body: CallOptions<typeof createLink>['body'] = { url: `https://example.com/${Math.random().toString(36).slice(2)}`, tags };
    const res = await who.call('createLink', { body });
    expect(res.status).toBe(201);
    return res.json as LinkJson;
  };
  const tagsOf = async (who: ApiClient, id: number) => ((await who.call('getLink', { params: { id } })).json as LinkJson).tags;
  const list = async (who: ApiClient) => (await who.call('listWorkspaceTags')).json.tags as TagJson[];
  const tag = async (who: ApiClient, name: string) => (await list(who)).find((t) => t.name === name);

  test('GET /api/v1/tags: every tag with its default colour and how many links carry it, most used first', async () => {
    await create(ann, ['news', 'launch']);
    await create(ann, ['news']);
    await create(bob, ['news']);
    expect(await list(ann)).toEqual([
      { name: 'news', color: defaultTagColor('news'), links: 2 },
      { name: 'launch', color: defaultTagColor('launch'), links: 1 },
    ]);
    // The links' own list carries the colours too.
    expect((await ann.call('listTags')).json.tags).toEqual([
      { name: 'news', color: defaultTagColor('news'), links: 2 },
      { name: 'launch', color: defaultTagColor('launch'), links: 1 },
    ]);
  });

  test('PATCH /api/v1/tags/{name} {color}: the colour is kept, in this workspace only; bad colours and unknown tags are refused', async () => {
    await create(ann, ['colored']);
    await create(bob, ['colored']);
    const res = await ann.call('updateTag', { params: { name: 'Colored' }, body: { color: 'purple' } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ tag: { name: 'colored', color: 'purple', links: 1 }, changed: 0 });
    expect((await ann.call('updateTag', { params: { name: 'colored' }, body: { color: 'green' } })).json.tag.color).toBe('green');
    expect(await tag(ann, 'colored')).toEqual({ name: 'colored', color: 'green', links: 1 });
    expect(await tag(bob, 'colored')).toEqual({ name: 'colored', color: defaultTagColor('colored'), links: 1 });

    const bad = await ann.call('updateTag', { params: { name: 'colored' }, body: offSchema({ color: 'teal' }) });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ code: 'invalid_request', details: { color: expect.stringMatching(/gray, red/) } });
    expect((await ann.call('updateTag', { params: { name: 'colored' }, body: offSchema({}) })).json.error).toMatchObject({
      details: { name: expect.any(String) },
    });
    expect((await ann.call('updateTag', { params: { name: 'no such/tag' }, body: { color: 'red' } })).status).toBe(400);
    const unknown = await ann.call('updateTag', { params: { name: 'nowhere' }, body: { color: 'red' } });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toMatchObject({ code: 'not_found' });
    // Bob's tag of another name is unknown to Ann.
    await create(bob, ['bobs-only']);
    expect((await ann.call('updateTag', { params: { name: 'bobs-only' }, body: { color: 'red' } })).status).toBe(404);
  });

  test('PATCH /api/v1/tags/{name} {name}: every link is rewritten in place, the colour moves; onto an existing name it merges', async () => {
    const one = await create(ann, ['alpha', 'old', 'omega']);
    const two = await create(ann, ['old']);
    const bobs = await create(bob, ['old']);
    ok(await ann.call('updateTag', { params: { name: 'old' }, body: { color: 'orange' } }));
    const renamed = await ann.call('updateTag', { params: { name: 'old' }, body: { name: 'New Name' } });
    expect(renamed.json).toEqual({ tag: { name: 'new-name', color: 'orange', links: 2 }, changed: 2 });
    expect(await tagsOf(ann, one.id)).toEqual(['alpha', 'new-name', 'omega']);
    expect(await tagsOf(ann, two.id)).toEqual(['new-name']);
    expect(await tag(ann, 'old')).toBeUndefined();
    expect(await tagsOf(bob, bobs.id)).toEqual(['old']);

    // A default colour is kept through a rename too.
    const plain = await create(ann, ['plain']);
    expect((await ann.call('updateTag', { params: { name: 'plain' }, body: { name: 'still-plain' } })).json.tag.color).toBe(defaultTagColor('plain'));
    expect(await tagsOf(ann, plain.id)).toEqual(['still-plain']);

    // Onto an existing tag: a merge, without repeats, and the existing tag keeps its colour.
    const both = await create(ann, ['merge-src', 'keep', 'merge-dst']);
    ok(await ann.call('updateTag', { params: { name: 'merge-dst' }, body: { color: 'blue' } }));
    const merged = await ann.call('updateTag', { params: { name: 'merge-src' }, body: { name: 'merge-dst', color: 'pink' } });
    expect(merged.json).toEqual({ tag: { name: 'merge-dst', color: 'pink', links: 1 }, changed: 1 });
    expect(await tagsOf(ann, both.id)).toEqual(['merge-dst', 'keep']);
  });

  test('POST /api/v1/tags/merge: several into one, arrays without repeats and never over ten; unknown sources are 404', async () => {
    const full = await create(ann, ['m1', 'm2', 'm3', 't4', 't5', 't6', 't7', 't8', 't9', 'into']);
    const some = await create(ann, ['t4', 'm2']);
    const bobs = await create(bob, ['m1', 'm2']);
    const res = await ann.call('mergeTags', { body: { from: ['m1', 'M2', 'm3'], into: 'into' } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ tag: { name: 'into', links: 2 }, changed: 2 });
    expect(await tagsOf(ann, full.id)).toEqual(['into', 't4', 't5', 't6', 't7', 't8', 't9']);
    expect(await tagsOf(ann, some.id)).toEqual(['t4', 'into']);
    expect(await tagsOf(bob, bobs.id)).toEqual(['m1', 'm2']);
    for (const name of ['m1', 'm2', 'm3']) expect(await tag(ann, name)).toBeUndefined();

    const unknown = await ann.call('mergeTags', { body: { from: ['t4', 'ghost'], into: 'into' } });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.message).toMatch(/ghost/);
    expect(await tagsOf(ann, some.id)).toEqual(['t4', 'into']); // nothing merged
    const bad = await ann.call('mergeTags', { body: offSchema({ from: [], into: 'x y/z' }) });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details).toMatchObject({ from: expect.any(String), into: expect.any(String) });
  });

  test('DELETE /api/v1/tags/{name}: gone from every link and its colour with it; another workspace keeps its own', async () => {
    const one = await create(ann, ['doomed', 'stays']);
    const two = await create(ann, ['doomed']);
    const bobs = await create(bob, ['doomed']);
    ok(await ann.call('updateTag', { params: { name: 'doomed' }, body: { color: 'red' } }));
    ok(await bob.call('updateTag', { params: { name: 'doomed' }, body: { color: 'yellow' } }));
    const res = await ann.call('deleteTag', { params: { name: 'doomed' } });
    expect(res.json).toEqual({ changed: 2 });
    expect(await tagsOf(ann, one.id)).toEqual(['stays']);
    expect(await tagsOf(ann, two.id)).toEqual([]);
    expect(await tag(ann, 'doomed')).toBeUndefined();
    expect((await ann.call('deleteTag', { params: { name: 'doomed' } })).status).toBe(404);
    expect(await tag(bob, 'doomed')).toEqual({ name: 'doomed', color: 'yellow', links: 1 });
    expect(await tagsOf(bob, bobs.id)).toEqual(['doomed']);
  });

  test("a member renames and deletes on its own links only; the owner's keep the tag and its colour", async () => {
    const owners = await create(owner, ['shared']);
    const mine = await create(member, ['shared']);
    ok(await owner.call('updateTag', { params: { name: 'shared' }, body: { color: 'green' } }));
    expect((await member.call('updateTag', { params: { name: 'shared' }, body: { name: 'mine' } })).json).toEqual({
      tag: { name: 'mine', color: 'green', links: 1 },
      changed: 1,
    });
    expect(await tagsOf(owner, owners.id)).toEqual(['shared']);
    expect(await tagsOf(member, mine.id)).toEqual(['mine']);
    expect(await tag(owner, 'shared')).toEqual({ name: 'shared', color: 'green', links: 1 });
    expect((await member.call('deleteTag', { params: { name: 'shared' } })).json).toEqual({ changed: 0 });
    expect(await tag(owner, 'shared')).toEqual({ name: 'shared', color: 'green', links: 1 });
    // Renames, merges and deletes are in the audit log, with how many links each rewrote; a new colour is not.
    ok(await owner.call('mergeTags', { body: { from: ['shared'], into: 'kept' } }));
    const audit = (await owner.call('listAudit')).json.entries as Array<{ action: string; summary: string; details: object }>;
    expect(audit.filter((e) => e.action.startsWith('tag.')).map((e) => [e.action, e.summary, e.details])).toEqual([
      ['tag.merged', 'olga merged “shared” into “kept” on 1 link', { from: ['shared'], into: 'kept', links: 1 }],
      ['tag.deleted', 'mo deleted the tag “shared” on 0 links', { name: 'shared', links: 0 }],
      ['tag.renamed', 'mo renamed the tag “shared” to “mine” on 1 link', { from: 'shared', to: 'mine', links: 1 }],
    ]);
  });

  function ok(res: { status: number; text: string }) {
    expect(res.status, res.text.slice(0, 200)).toBe(200);
  }
});
