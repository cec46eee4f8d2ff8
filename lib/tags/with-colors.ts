// Colours for a list of tag names (the links' tag list and filter): the chosen ones read in one
// query, the others their default.
import { and, sql } from 'drizzle-orm';
import { tags } from '../../db/schema';
import type { Db } from '../db/types';
import { ownedBy } from '../tenancy/scope';
import { tagColor, type TagColor } from './tag-colors';

export async function withColors<T extends { name: string }>(db: Db, workspaceId: string, items: T[]): Promise<Array<T & { color: TagColor }>> {
  const names = items.map((t) => t.name);
  const rows =
    names.length === 0
      ? []
      : await db
          .select({ name: tags.name, color: tags.color })
          .from(tags)
          .where(and(ownedBy(tags, workspaceId), sql`${tags.name} = ANY(${sql.param(names)}::text[])`));
  const chosen = new Map(rows.map((r) => [r.name, r.color]));
  return items.map((t) => ({ ...t, color: tagColor(t.name, chosen.get(t.name)) }));
}
