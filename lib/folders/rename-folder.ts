// Renames a folder of the workspace (another workspace's is not found); a name another folder of the
// workspace uses is 409 name_taken. A change of case only is a rename like any other.
import { and, eq } from 'drizzle-orm';
import { folders } from '../../db/schema';
import { AppError } from '../core/errors';
import type { Db } from '../db/types';
import { isUniqueViolation } from '../db/unique-violation';
import { ownedBy } from '../tenancy/scope';
import { nameTaken } from './create-folder';
import type { TFolder, TUpdateFolder } from './folder-schema';
import { findFolder } from './list-folders';

export async function renameFolder(db: Db, workspaceId: string, id: string, input: TUpdateFolder): Promise<TFolder> {
  let renamed: boolean;
  try {
    const rows = await db
      .update(folders)
      .set({ name: input.name })
      .where(and(eq(folders.id, id), ownedBy(folders, workspaceId)))
      .returning({ id: folders.id });
    renamed = rows.length > 0;
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(input.name);
    throw err;
  }
  const folder = renamed ? await findFolder(db, workspaceId, id) : undefined;
  if (!folder) throw folderNotFound(id);
  return folder;
}

export function folderNotFound(id: string): AppError {
  return new AppError('not_found', `No folder "${id}" in this workspace.`);
}
