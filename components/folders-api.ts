// The dashboard's calls to /api/v1/folders (same-origin, session cookie). A refused call throws
// ApiError with the API's message (a taken name: name_taken).
import { apiJson } from './api-client';

export type Folder = { id: string; name: string; links: number; created_at: string };
/** The links list's folder filter: a folder's id, 'none' for the unfiled links, '' for all. */
export const UNFILED = 'none';

export function foldersApi<T = unknown>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  return apiJson<T>(`/api/v1/folders${path}`, init);
}

export async function listFolders(): Promise<Folder[]> {
  return (await foldersApi<{ folders: Folder[] }>('')).folders;
}
