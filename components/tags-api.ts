// The dashboard's calls to /api/v1/tags (same origin, session cookie).
import type { TTagItem } from '@/lib/tags/tag-schema';
import { apiJson } from './api-client';

export type TagItem = TTagItem;

export async function listTags(): Promise<TagItem[]> {
  return (await apiJson<{ tags: TagItem[] }>('/api/v1/tags')).tags;
}

export function updateTag(name: string, body: { name?: string; color?: string }) {
  return apiJson<{ tag: TagItem; changed: number }>(`/api/v1/tags/${encodeURIComponent(name)}`, { method: 'PATCH', body });
}

export function mergeTags(from: string[], into: string) {
  return apiJson<{ tag: TagItem; changed: number }>('/api/v1/tags/merge', { method: 'POST', body: { from, into } });
}

export function deleteTag(name: string) {
  return apiJson<{ changed: number }>(`/api/v1/tags/${encodeURIComponent(name)}`, { method: 'DELETE' });
}
