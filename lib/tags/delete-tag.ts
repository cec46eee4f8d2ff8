// Deletes a tag: it leaves every link (that the caller may write) in one UPDATE, and its colour row
// goes once no link carries it. Like a merge, it tells no cache and writes no link.updated
// (merge-tags.ts says why).
import { and, sql } from 'drizzle-orm';
import { links } from '../../db/schema';
import type { Db } from '../db/types';
import { TAGGED_LINKS } from '../links/tagged-links';
import { knownTagsOrThrow } from './known-tags';
import { dropUnusedColors } from './merge-tags';
import type { TagScopes } from './tag-scopes';
import { recordAudit, type AuditBy } from '../audit/record-audit';

/** How many links lost the tag; the audit entry is written in the same transaction. */
export async function deleteTag(db: Db, scopes: TagScopes, name: string, by: AuditBy): Promise<number> {
  return db.transaction(async (tx) => {
    await knownTagsOrThrow(tx, scopes, [name]);
    const rewritten = await tx
      .update(links)
      .set({ tags: sql`array_remove(${links.tags}, ${name}::text)`, updatedAt: sql`now()` })
      .where(and(scopes.write, sql.raw(TAGGED_LINKS), sql`${links.tags} @> ARRAY[${name}::text]`))
      .returning({ id: links.id });
    await dropUnusedColors(tx, scopes, [name]);
    await recordAudit(tx, { ...by, workspaceId: scopes.workspaceId, action: 'tag.deleted', details: { name, links: rewritten.length } });
    return rewritten.length;
  });
}
