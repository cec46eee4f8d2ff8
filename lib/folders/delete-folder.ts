// Deletes a folder of the workspace; its links are kept and become unfiled (links.folder_id is
// ON DELETE SET NULL, db/schema/links.ts). Another workspace's folder is not found.
import { and, eq } from 'drizzle-orm';
import { folders } from '../../db/schema';
import type { Db } from '../db/types';
import { ownedBy } from '../tenancy/scope';
import { folderNotFound } from './rename-folder';

export async function deleteFolder(db: Db, workspaceId: string, id: string): Promise<void> {
  const rows = await db
    .delete(folders)
    .where(and(eq(folders.id, id), ownedBy(folders, workspaceId)))
    .returning({ id: folders.id });
  if (rows.length === 0) throw folderNotFound(id);
}
