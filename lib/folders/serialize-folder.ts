// The public folder shape of REST v1 (docs/api/rest-v1.md, "Folders").
import type { FolderRow } from '../../db/schema';
import type { TFolder } from './folder-schema';

export function serializeFolder(folder: FolderRow, links: number): TFolder {
  return { id: folder.id, name: folder.name, links, created_at: new Date(folder.createdAt).toISOString() };
}
