// A workspace's folders, by name, each with how many of its links (archived ones left out) are filed in it.
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { folders, links } from '../../db/schema';
import type { Db } from '../db/types';
import { ownedBy } from '../tenancy/scope';
import type { TFolder } from './folder-schema';
import { serializeFolder } from './serialize-folder';

export async function listFolders(db: Db, workspaceId: string): Promise<TFolder[]> {
  const rows = await db
    .select({ folder: folders, links: count(links.id) })
    .from(folders)
    // links.folder_id is a folder of the same workspace (the writes check it), so the join needs no scope of its own.
    .leftJoin(links, and(eq(links.folderId, folders.id), isNull(links.archivedAt)))
    .where(ownedBy(folders, workspaceId))
    .groupBy(folders.id)
    .orderBy(asc(sql`lower(${folders.name})`), asc(folders.id));
  return rows.map((r) => serializeFolder(r.folder, Number(r.links)));
}

/** One folder with its count, or undefined outside the workspace. */
export async function findFolder(db: Db, workspaceId: string, id: string): Promise<TFolder | undefined> {
  const rows = await db
    .select({ folder: folders, links: count(links.id) })
    .from(folders)
    .leftJoin(links, and(eq(links.folderId, folders.id), isNull(links.archivedAt)))
    .where(and(eq(folders.id, id), ownedBy(folders, workspaceId)))
    .groupBy(folders.id);
  return rows[0] && serializeFolder(rows[0].folder, Number(rows[0].links));
}
