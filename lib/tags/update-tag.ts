// PATCH /api/v1/tags/{name}: a new colour (the row upserted), a new name (merge-tags.ts: onto an
// existing tag's name it is a merge), or both, in one transaction.
import { sql } from 'drizzle-orm';
import { tags } from '../../db/schema';
import type { Db } from '../db/types';
import { findWorkspaceTags } from './find-workspace-tags';
import { knownTagsOrThrow } from './known-tags';
import { mergeTagsIn } from './merge-tags';
import type { TagColor } from './tag-colors';
import type { TTagItem } from './tag-schema';
import type { TagScopes } from './tag-scopes';
import { recordAudit, type AuditBy } from '../audit/record-audit';

export interface TagChanges {
  name?: string;
  color?: TagColor;
}

/** The tag as it is after the change, and how many links a rename rewrote (audited; a new colour is not). */
export async function updateTag(db: Db, scopes: TagScopes, name: string, changes: TagChanges, by: AuditBy): Promise<{ tag: TTagItem; changed: number }> {
  return db.transaction(async (tx) => {
    await knownTagsOrThrow(tx, scopes, [name]);
    const target = changes.name ?? name;
    const changed = target === name ? 0 : await mergeTagsIn(tx, scopes, [name], target);
    if (target !== name)
      await recordAudit(tx, { ...by, workspaceId: scopes.workspaceId, action: 'tag.renamed', details: { from: name, to: target, links: changed } });
    if (changes.color)
      await tx
        .insert(tags)
        .values({ workspaceId: scopes.workspaceId, name: target, color: changes.color })
        .onConflictDoUpdate({ target: [tags.workspaceId, tags.name], set: { color: changes.color, updatedAt: sql`now()` } });
    const [tag] = await findWorkspaceTags(tx, scopes, [target]);
    return { tag, changed };
  });
}
