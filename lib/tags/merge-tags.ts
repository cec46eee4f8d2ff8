// Merges tags into one, which is also what a rename is: every link (that the caller may write)
// carrying one of `from` carries `into` instead, in the first one's place, without repeats. A link
// never gains tags this way (each name of `from` becomes `into`, repeats fold), so the limit of 10
// holds by construction. One UPDATE per call, scoped in its WHERE. Link caches are not told: the
// edge's cached link holds no tags (lib/edge/cached-link.ts); nor is link.updated written per link
// (docs/guide/folders-and-tags.md says why).
import { and, sql } from 'drizzle-orm';
import { links, tags } from '../../db/schema';
import type { Db, Tx } from '../db/types';
import { ownedBy } from '../tenancy/scope';
import { TAGGED_LINKS } from '../links/tagged-links';
import { findWorkspaceTags } from './find-workspace-tags';
import { knownTags, knownTagsOrThrow } from './known-tags';
import { tagColor } from './tag-colors';
import type { TTagItem } from './tag-schema';
import type { TagScopes } from './tag-scopes';
import { recordAudit, type AuditBy } from '../audit/record-audit';

/**
 * In `tx`: `into` keeps its colour when it is a tag already; a new name takes the first of `from`'s
 * (chosen or default, so a renamed tag looks the same). A name of `from` no link carries any more
 * loses its colour row. Returns how many links were rewritten.
 */
export async function mergeTagsIn(tx: Tx, scopes: TagScopes, from: string[], into: string): Promise<number> {
  const known = await knownTagsOrThrow(tx, scopes, from);
  const going = [...new Set(from)].filter((n) => n !== into);
  if (going.length === 0) return 0;
  if ((await knownTags(tx, scopes, [into])).size === 0)
    await tx
      .insert(tags)
      .values({ workspaceId: scopes.workspaceId, name: into, color: tagColor(from[0], known.get(from[0])) })
      .onConflictDoNothing();
  const rewritten = await tx
    .update(links)
    .set({
      tags: sql`(SELECT coalesce(array_agg(x.name ORDER BY x.first), '{}'::text[]) FROM (
        SELECT CASE WHEN u.name = ANY(${sql.param(going)}::text[]) THEN ${into}::text ELSE u.name END AS name, min(u.ord) AS first
        FROM unnest(${links.tags}) WITH ORDINALITY AS u(name, ord) GROUP BY 1) x)`,
      updatedAt: sql`now()`,
    })
    .where(and(scopes.write, sql.raw(TAGGED_LINKS), sql`${links.tags} && ${sql.param(going)}::text[]`))
    .returning({ id: links.id });
  await dropUnusedColors(tx, scopes, going);
  return rewritten.length;
}

/** Colour rows of `names` that no link of the workspace carries any more (a member's rewrite may leave others'). */
export async function dropUnusedColors(tx: Tx, scopes: TagScopes, names: string[]): Promise<void> {
  await tx
    .delete(tags)
    .where(
      and(
        ownedBy(tags, scopes.workspaceId),
        sql`${tags.name} = ANY(${sql.param(names)}::text[])`,
        sql`NOT EXISTS (SELECT 1 FROM ${links} WHERE ${scopes.read} AND ${sql.raw(TAGGED_LINKS)} AND ${links.tags} @> ARRAY[${tags.name}])`,
      ),
    );
}

/** POST /api/v1/tags/merge: `from` into `into`, in one transaction with its audit entry; the tag as it is now and how many links changed. */
export async function mergeTags(db: Db, scopes: TagScopes, from: string[], into: string, by: AuditBy): Promise<{ tag: TTagItem; changed: number }> {
  return db.transaction(async (tx) => {
    const changed = await mergeTagsIn(tx, scopes, from, into);
    const going = [...new Set(from)].filter((n) => n !== into);
    if (going.length > 0)
      await recordAudit(tx, { ...by, workspaceId: scopes.workspaceId, action: 'tag.merged', details: { from: going, into, links: changed } });
    const [tag] = await findWorkspaceTags(tx, scopes, [into]);
    return { tag, changed };
  });
}
