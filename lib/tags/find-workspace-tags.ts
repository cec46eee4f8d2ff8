// A workspace's tags: every name its links carry and every name with a chosen colour, with the
// colour (chosen or default) and how many links carry it, most used first.
import { sql } from 'drizzle-orm';
import { links, tags } from '../../db/schema';
import type { Db, Tx } from '../db/types';
import { ownedBy } from '../tenancy/scope';
import { TAGGED_LINKS } from '../links/tagged-links';
import { tagColor } from './tag-colors';
import type { TTagItem } from './tag-schema';
import type { TagScopes } from './tag-scopes';

/** More than any workspace is expected to have; the list stays one bounded answer. */
export const MAX_LISTED_TAGS = 1000;

/** `only`: just these names (a change's answer), each listed even when nothing carries it any more. */
export async function findWorkspaceTags(db: Db | Tx, scopes: Pick<TagScopes, 'workspaceId' | 'read'>, only?: string[]): Promise<TTagItem[]> {
  const names = only ? sql`AND t.name = ANY(${sql.param(only)}::text[])` : sql``;
  const colored = only ? sql`AND ${tags.name} = ANY(${sql.param(only)}::text[])` : sql``;
  const rows = await db
    .select({ name: sql<string>`coalesce(u.name, c.name)`, color: sql<string | null>`c.color`, links: sql<number>`coalesce(u.links, 0)::int` })
    .from(
      sql`(SELECT t.name, count(*)::int AS links
           FROM ${links} CROSS JOIN LATERAL unnest(${links.tags}) AS t(name)
           WHERE ${scopes.read} AND ${sql.raw(TAGGED_LINKS)} ${names}
           GROUP BY t.name) u
         FULL JOIN (SELECT ${tags.name} AS name, ${tags.color} AS color FROM ${tags} WHERE ${ownedBy(tags, scopes.workspaceId)} ${colored}) c
         ON c.name = u.name`,
    )
    .orderBy(sql`3 DESC`, sql`1`)
    .limit(MAX_LISTED_TAGS);
  return rows.map((r) => ({ name: r.name, color: tagColor(r.name, r.color), links: Number(r.links) }));
}
