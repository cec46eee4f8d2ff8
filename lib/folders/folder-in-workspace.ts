// Checks a link's folder_id before a write: a folder of another workspace, or none, is a 400 naming
// folder_id (never the database's foreign-key error). The writes themselves also select the folder
// within the link's workspace (insert-link.ts, update-link.ts), so a folder deleted meanwhile leaves
// the link unfiled.
import { and, eq } from 'drizzle-orm';
import { folders } from '../../db/schema';
import { invalidField } from '../core/errors';
import type { Db } from '../db/types';
import { ownedBy } from '../tenancy/scope';

export const NO_SUCH_FOLDER = 'No such folder in this workspace.';

export async function assertFolderInWorkspace(db: Db, workspaceId: string, id: string): Promise<string> {
  const [row] = await db
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.id, id), ownedBy(folders, workspaceId)))
    .limit(1);
  if (!row) throw invalidField('folder_id', NO_SUCH_FOLDER);
  return row.id;
}
