// Which of some names are tags of the workspace: carried by one of its links, or given a colour.
// A name that is neither is unknown (404), whoever asks.
import { sql } from 'drizzle-orm';
import { links, tags } from '../../db/schema';
import type { Tx } from '../db/types';
import { AppError } from '../core/errors';
import { ownedBy } from '../tenancy/scope';
import { TAGGED_LINKS } from '../links/tagged-links';
import type { TagScopes } from './tag-scopes';

/** The stored colour of each of `names` that is a tag (null: the default colour). */
export async function knownTags(tx: Tx, scopes: TagScopes, names: string[]): Promise<Map<string, string | null>> {
  const rows = await tx
    .select({ name: sql<string>`n.name`, color: sql<string | null>`c.color` })
    .from(
      sql`unnest(${sql.param(names)}::text[]) AS n(name)
          LEFT JOIN (SELECT ${tags.name} AS name, ${tags.color} AS color FROM ${tags} WHERE ${ownedBy(tags, scopes.workspaceId)}) c ON c.name = n.name`,
    )
    .where(sql`c.name IS NOT NULL OR EXISTS (SELECT 1 FROM ${links} WHERE ${scopes.read} AND ${sql.raw(TAGGED_LINKS)} AND ${links.tags} @> ARRAY[n.name])`);
  return new Map(rows.map((r) => [r.name, r.color]));
}

/** knownTags, or not_found naming the unknown ones. */
export async function knownTagsOrThrow(tx: Tx, scopes: TagScopes, names: string[]): Promise<Map<string, string | null>> {
  const known = await knownTags(tx, scopes, names);
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length > 0)
    throw new AppError('not_found', unknown.length === 1 ? `No tag "${unknown[0]}".` : `No tags ${unknown.map((n) => `"${n}"`).join(', ')}.`);
  return known;
}
