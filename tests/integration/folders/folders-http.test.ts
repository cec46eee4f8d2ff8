// Folders over REST v1 (/api/v1/folders) and the links' folder_id, on Sling in the test process:
// create, list with counts, rename and delete (its links kept, unfiled); a duplicate name (any case)
// is 409 name_taken; another workspace's folder is not found (404) and cannot be filed into (400 on
// folder_id); GET /api/v1/links?folder=<id>|none filters; bulk-update files and unfiles many at once.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { folders } from '../../../db/schema';
import { newFolderId } from '../../../lib/folders/create-folder';
import { apiClient, inProcess, offSchema, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';

type LinkJson = { id: number; folder_id: string | null };
type FolderJson = { id: string; name: string; links: number; created_at: string };

describe(`folders on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let ann: ApiClient;
  let bob: ApiClient;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    sling = await startInProcessSling(tdb.env);
    const api = apiClient(inProcess(sling));
    ann = api.as({ token: await sling.seed.userWithToken('ann@example.com', { plan: 'business' }) });
    bob = api.as({ token: await sling.seed.userWithToken('bob@example.com', { plan: 'business' }) });
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  const folder = async (who: ApiClient, name: string) => {
    const res = await who.call('createFolder', { body: { name } });
    expect(res.status, res.text).toBe(201);
    return res.json.folder as FolderJson;
  };
  const link = async (who: ApiClient, folderId?: string) => {
    const res = await who.call('createLink', { body: { url: `https://example.com/${Math.random().toString(36).slice(2)}`, folder_id: folderId } });
    expect(res.status, res.text).toBe(201);
    return res.json as LinkJson;
  };
  const list = async (who: ApiClient) => (await who.call('listFolders')).json.folders as FolderJson[];
  const folderOf = async (who: ApiClient, id: number) => ((await who.call('getLink', { params: { id } })).json as LinkJson).folder_id;
  const idsIn = async (who: ApiClient, folder: string) =>
    ((await who.call('listLinks', { query: { folder, limit: 100 } })).json.links as LinkJson[]).map((l) => l.id).sort((a, b) => a - b);

  test('POST, GET, PATCH /api/v1/folders: created with its name trimmed, listed by name with its link count, renamed', async () => {
    const spring = await folder(ann, '  Spring campaign ');
    expect(spring).toEqual({ id: expect.stringMatching(/^fld_[0-9a-f]{24}$/), name: 'Spring campaign', links: 0, created_at: expect.any(String) });
    const autumn = await folder(ann, 'autumn');
    await link(ann, spring.id);
    await link(ann, spring.id);
    const archived = await link(ann, spring.id);
    expect((await ann.call('updateLink', { params: { id: archived.id }, body: { archived: true } })).status).toBe(200);
    // Archived links are not counted: the count is what the list shows by default.
    expect(await list(ann)).toEqual([
      { ...autumn, links: 0 },
      { ...spring, links: 2 },
    ]);

    const renamed = await ann.call('updateFolder', { params: { id: autumn.id }, body: { name: 'Autumn sale' } });
    expect(renamed.status).toBe(200);
    expect(renamed.json.folder).toEqual({ ...autumn, name: 'Autumn sale' });
    // A change of case only is a rename like any other.
    expect((await ann.call('updateFolder', { params: { id: autumn.id }, body: { name: 'AUTUMN SALE' } })).json.folder.name).toBe('AUTUMN SALE');
  });

  test('a name used by another folder of the workspace, in any case, is 409 name_taken; another workspace may use it', async () => {
    const first = await folder(ann, 'Partners');
    const dup = await ann.call('createFolder', { body: { name: 'partners' } });
    expect(dup.status).toBe(409);
    expect(dup.json).toEqual({
      error: {
        code: 'name_taken',
        message: expect.stringContaining('partners'),
        details: { name: expect.any(String) },
        doc_url: 'docs/api/errors.md#name_taken',
      },
    });
    const other = await folder(ann, 'Resellers');
    const clash = await ann.call('updateFolder', { params: { id: other.id }, body: { name: 'PARTNERS' } });
    expect(clash.status).toBe(409);
    expect(clash.json.error.code).toBe('name_taken');
    expect((await list(ann)).find((f) => f.id === other.id)?.name).toBe('Resellers');
    expect((await bob.call('createFolder', { body: { name: 'Partners' } })).status).toBe(201);
    expect((await list(ann)).filter((f) => f.name.toLowerCase() === 'partners')).toEqual([first]);
  });

  test('a name must be 1 to 60 characters of text without control characters (400 naming name)', async () => {
    for (const name of ['', '   ', 'x'.repeat(61), 'tab\there', 'line\nbreak', 'bell\u0007', 'del\u007f', 'next\u0085line', 'para\u2028graph']) {
      const res = await ann.call('createFolder', { body: { name } });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.json.error).toMatchObject({ code: 'invalid_request', details: { name: expect.any(String) } });
    }
    // A NUL is refused with the body, before the schema (lib/api/limited-body.ts).
    expect((await ann.call('createFolder', { body: { name: 'nul\u0000' } })).status).toBe(400);
    for (const body of [{}, { name: 7 }, { name: 'ok', extra: true }]) {
      expect((await ann.call('createFolder', { body: offSchema(body) })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await ann.call('createFolder', { body: { name: 'ü'.repeat(60) } })).status).toBe(201);
    expect((await ann.call('updateFolder', { params: { id: 'fld_nothing' }, body: offSchema({}) })).status).toBe(400);
  });

  test("another workspace's folder is not found: PATCH and DELETE are 404 and change nothing; it is not listed", async () => {
    const mine = await folder(ann, 'Private');
    await link(ann, mine.id);
    for (const res of [
      await bob.call('updateFolder', { params: { id: mine.id }, body: { name: 'Taken over' } }),
      await bob.call('deleteFolder', { params: { id: mine.id } }),
      await ann.call('deleteFolder', { params: { id: 'fld_000000000000000000000000' } }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe('not_found');
    }
    expect((await list(ann)).find((f) => f.id === mine.id)).toEqual({ ...mine, links: 1 });
    expect((await list(bob)).map((f) => f.id)).not.toContain(mine.id);
  });

  test('folder_id on create and update files a link; null unfiles it; a folder of another workspace or none is a 400 on folder_id', async () => {
    const a = await folder(ann, 'Filing A');
    const b = await folder(ann, 'Filing B');
    const theirs = await folder(bob, 'Theirs');
    const filed = await link(ann, a.id);
    expect(filed.folder_id).toBe(a.id);
    expect(await folderOf(ann, filed.id)).toBe(a.id);

    const before = (await ann.call('listLinks', { query: { limit: 100 } })).json.total as number;
    for (const folder_id of [theirs.id, 'fld_000000000000000000000000', 'not-an-id']) {
      const res = await ann.call('createLink', { body: { url: 'https://example.com/refused', folder_id } });
      expect(res.status, folder_id).toBe(400);
      expect(res.json.error).toMatchObject({ code: 'invalid_request', details: { folder_id: 'No such folder in this workspace.' } });
    }
    expect((await ann.call('createLink', { body: offSchema({ url: 'https://example.com/refused', folder_id: 5 }) })).json.error.details).toHaveProperty(
      'folder_id',
    );
    // Nothing was made by the refusals.
    expect((await ann.call('listLinks', { query: { limit: 100 } })).json.total).toBe(before);

    const moved = await ann.call('updateLink', { params: { id: filed.id }, body: { folder_id: b.id } });
    expect(moved.status).toBe(200);
    expect(moved.json.folder_id).toBe(b.id);
    const refused = await ann.call('updateLink', { params: { id: filed.id }, body: { folder_id: theirs.id } });
    expect(refused.status).toBe(400);
    expect(refused.json.error.details).toEqual({ folder_id: 'No such folder in this workspace.' });
    expect(await folderOf(ann, filed.id)).toBe(b.id);
    // A refused folder leaves the rest of the change undone too.
    expect((await ann.call('updateLink', { params: { id: filed.id }, body: { note: 'kept?', folder_id: 'fld_000000000000000000000000' } })).status).toBe(400);
    expect((await ann.call('getLink', { params: { id: filed.id } })).json.note).toBeNull();

    // A duplicate goes in the same folder.
    const copy = await ann.call('duplicateLink', { params: { id: filed.id } });
    expect(copy.status).toBe(201);
    expect(copy.json.folder_id).toBe(b.id);

    const unfiled = await ann.call('updateLink', { params: { id: filed.id }, body: { folder_id: null } });
    expect(unfiled.json.folder_id).toBeNull();
    expect(await folderOf(ann, filed.id)).toBeNull();
    // Bob cannot file a link of Ann's in his folder either: her link is not found to him.
    expect((await bob.call('updateLink', { params: { id: filed.id }, body: { folder_id: theirs.id } })).status).toBe(404);
  });

  test('GET /api/v1/links?folder=<id> and ?folder=none', async () => {
    const f = await folder(ann, 'Filter me');
    const g = await folder(ann, 'Not me');
    const inF = [await link(ann, f.id), await link(ann, f.id)].map((l) => l.id);
    const inG = await link(ann, g.id);
    const loose = await link(ann);
    expect(await idsIn(ann, f.id)).toEqual(inF);
    expect(await idsIn(ann, g.id)).toEqual([inG.id]);
    const none = await idsIn(ann, 'none');
    expect(none).toContain(loose.id);
    expect(none).not.toContain(inG.id);
    expect(none.some((id) => inF.includes(id))).toBe(false);
    expect((await ann.call('listLinks', { query: { folder: f.id } })).json.total).toBe(2);
    // Another workspace's folder id shows none of Ann's links to Bob.
    expect(await idsIn(bob, f.id)).toEqual([]);
    expect((await ann.call('listLinks', { query: { folder: 'x'.repeat(101) } })).status).toBe(400);
  });

  test('DELETE /api/v1/folders/{id}: 204; its links are kept, unfiled', async () => {
    const f = await folder(ann, 'Short-lived');
    const a = await link(ann, f.id);
    const b = await link(ann, f.id);
    const res = await ann.call('deleteFolder', { params: { id: f.id } });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await list(ann)).map((x) => x.id)).not.toContain(f.id);
    expect(await folderOf(ann, a.id)).toBeNull();
    expect(await folderOf(ann, b.id)).toBeNull();
    expect(await idsIn(ann, 'none')).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await ann.call('deleteFolder', { params: { id: f.id } })).status).toBe(404);
    // Filing into the deleted folder is refused.
    expect((await ann.call('updateLink', { params: { id: a.id }, body: { folder_id: f.id } })).status).toBe(400);
  });
  test('POST /api/v1/links/bulk-update {ids, folder_id}: files the links, null unfiles them; a folder or link of another workspace is refused and nothing moves', async () => {
    const f = await folder(ann, 'Bulk target');
    const theirs = await folder(bob, 'Bulk theirs');
    const ids = [(await link(ann)).id, (await link(ann)).id, (await link(ann, (await folder(ann, 'Bulk source')).id)).id];
    const moved = await ann.call('bulkUpdateLinks', { body: { ids, folder_id: f.id } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json).toEqual({ updated: 3, failed: [] });
    expect(await idsIn(ann, f.id)).toEqual([...ids].sort((a, b) => a - b));
    expect((await list(ann)).find((x) => x.id === f.id)?.links).toBe(3);

    const foreign = await ann.call('bulkUpdateLinks', { body: { ids, folder_id: theirs.id } });
    expect(foreign.status).toBe(400);
    expect(foreign.json.error.details).toEqual({ folder_id: 'No such folder in this workspace.' });
    const bobs = await link(bob);
    expect((await ann.call('bulkUpdateLinks', { body: { ids: [ids[0], bobs.id], folder_id: null } })).status).toBe(404);
    expect((await bob.call('bulkUpdateLinks', { body: { ids: [bobs.id], folder_id: f.id } })).status).toBe(400);
    expect(await idsIn(ann, f.id)).toEqual([...ids].sort((a, b) => a - b));
    expect(await folderOf(bob, bobs.id)).toBeNull();

    const unfiled = await ann.call('bulkUpdateLinks', { body: { ids: ids.slice(0, 2), folder_id: null } });
    expect(unfiled.json).toEqual({ updated: 2, failed: [] });
    expect(await idsIn(ann, f.id)).toEqual([ids[2]]);
    expect(await folderOf(ann, ids[0])).toBeNull();
  });
  test('a workspace holds at most 200 folders: the next one is 409 limit_reached', async () => {
    const carl = apiClient(inProcess(sling)).as({ token: await sling.seed.userWithToken('carl@example.com', { plan: 'business' }) });
    const first = await folder(carl, 'Folder 1');
    const [{ workspace_id: workspaceId }] = await sling.handle.query<{ workspace_id: string }>('SELECT workspace_id FROM folders WHERE id = $1', [first.id]);
    await sling.handle.db.insert(folders).values(Array.from({ length: 199 }, (_, i) => ({ id: newFolderId(), workspaceId, name: `Folder ${i + 2}` })));
    const refused = await carl.call('createFolder', { body: { name: 'One too many' } });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({ code: 'limit_reached', details: { limit: 200 } });
    expect((await list(carl)).length).toBe(200);
    // Deleting one makes room.
    expect((await carl.call('deleteFolder', { params: { id: first.id } })).status).toBe(204);
    expect((await carl.call('createFolder', { body: { name: 'One too many' } })).status).toBe(201);
  });
});
