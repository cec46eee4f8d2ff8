// Creates a folder in a workspace; a name already used there (any case) is 409 name_taken, and a
// workspace holds at most MAX_FOLDERS (409 limit_reached: the list and the filter show them all).
import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { folders } from '../../db/schema';
import { AppError } from '../core/errors';
import type { Db } from '../db/types';
import { isUniqueViolation } from '../db/unique-violation';
import { ownedBy } from '../tenancy/scope';
import type { TCreateFolder, TFolder } from './folder-schema';
import { serializeFolder } from './serialize-folder';

/** fld_ and 24 hex digits, as webhooks are wh_…. */
export function newFolderId(): string {
  return `fld_${randomBytes(12).toString('hex')}`;
}

export function nameTaken(name: string): AppError {
  return new AppError('name_taken', `A folder named "${name}" already exists in this workspace.`, { name: 'This name is already used by another folder.' });
}

export const MAX_FOLDERS = 200;

export async function createFolder(db: Db, workspaceId: string, input: TCreateFolder): Promise<TFolder> {
  const [{ n }] = await db.select({ n: count() }).from(folders).where(ownedBy(folders, workspaceId));
  if (n >= MAX_FOLDERS) throw new AppError('limit_reached', `A workspace has at most ${MAX_FOLDERS} folders; delete one first.`, { limit: MAX_FOLDERS });
  try {
    const [row] = await db.insert(folders).values({ id: newFolderId(), workspaceId, name: input.name }).returning();
    return serializeFolder(row, 0);
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(input.name);
    throw err;
  }
}
