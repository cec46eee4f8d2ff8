// Changes many links at once (POST /api/v1/links/bulk-update, see docs/api/rest-v1.md): archive or
// bring back, add and remove tags, move to another domain keeping the codes, file in a folder or unfile. One transaction; each
// changed link writes link.updated and is dropped from every cache, as a single PATCH does
// (update-link.ts). A link whose code is taken on the target domain (by a link, or as an old code of
// another link) is left wholly unchanged and named in `failed`; the others are changed.
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { linkAliases, links, type LinkRow } from '../../db/schema';
import { invalidationBus, linkKey } from '../cache/invalidation-bus';
import type { AppContext } from '../context/app-context';
import { AppError, invalidField } from '../core/errors';
import { isUniqueViolation } from '../db/unique-violation';
import type { Tx } from '../db/types';
import { recordEvent } from '../events/record-event';
import { linkEvent } from './link-event';
import { MAX_TAGS } from './link-schema';
import { assertFolderInWorkspace } from '../folders/folder-in-workspace';

export interface UpdateLinksChanges {
  archived?: boolean;
  /** Normalised tags added after the link's own (no repeats). */
  addTags?: string[];
  /** Normalised tags taken off. */
  removeTags?: string[];
  /** A domain id the workspace may use; checked here. */
  domainId?: number;
  /** A folder of the workspace (checked here) files them; null unfiles them. */
  folderId?: string | null;
}

export interface UpdateLinksResult {
  updated: number;
  failed: Array<{ id: number; code: 'alias_taken'; message: string }>;
}

/** The tags after the change: the link's own order, then the added ones, minus the removed ones. */
export function nextTags(tags: readonly string[], add: readonly string[] = [], remove: readonly string[] = []): string[] {
  const gone = new Set(remove);
  return [...new Set([...tags, ...add])].filter((t) => !gone.has(t));
}

/**
 * `ids` are links the caller may change (read with getLinksOrThrow); `scope`
 * (linkScope(actor, 'write')) is part of the locking read and of every UPDATE, so a link outside it
 * is never changed. More than 10 tags on any link refuses the whole request (400, nothing changed).
 */
export async function updateLinks(ids: number[], changes: UpdateLinksChanges, ctx: AppContext, scope: SQL, workspaceId: string): Promise<UpdateLinksResult> {
  const target = changes.domainId === undefined ? undefined : targetDomain(ctx, workspaceId, changes.domainId);
  if (typeof changes.folderId === 'string') await assertFolderInWorkspace(ctx.handle.db, workspaceId, changes.folderId);
  // Selected within the link's workspace, so a folder deleted since the check leaves the link unfiled.
  const folder =
    changes.folderId === undefined
      ? {}
      : {
          folderId:
            changes.folderId === null ? null : sql`(SELECT f.id FROM folders f WHERE f.id = ${changes.folderId} AND f.workspace_id = "links"."workspace_id")`,
        };
  const staleKeys: string[] = [];
  const result = await ctx.handle.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(links)
      .where(and(inArray(links.id, ids), scope))
      .orderBy(links.id)
      .for('update');
    const tagged = new Map(rows.map((l) => [l.id, nextTags(l.tags, changes.addTags, changes.removeTags)]));
    const tooMany = rows.filter((l) => tagged.get(l.id)!.length > MAX_TAGS).map((l) => l.id);
    if (tooMany.length > 0)
      throw new AppError('invalid_request', `A link has at most ${MAX_TAGS} tags; nothing was changed. Too many with these: ${tooMany.join(', ')}.`, {
        add_tags: `A link has at most ${MAX_TAGS} tags.`,
        ids: tooMany,
      });
    const taken = target === undefined ? new Map<number, string>() : await takenOn(tx, target, rows);
    const failed = [...taken].map(([id, message]) => ({ id, code: 'alias_taken' as const, message }));
    let updated = 0;
    for (const link of rows) {
      if (taken.has(link.id)) continue;
      const moving = target !== undefined && target.id !== link.domainId;
      const change = (t: Tx) =>
        t
          .update(links)
          .set({
            ...(changes.addTags || changes.removeTags ? { tags: tagged.get(link.id) } : {}),
            // Archiving again keeps the first date.
            ...(changes.archived === undefined ? {} : { archivedAt: changes.archived ? sql`coalesce(${links.archivedAt}, now())` : null }),
            ...(moving ? { domainId: target.id } : {}),
            ...folder,
            updatedAt: sql`now()`,
          })
          .where(and(eq(links.id, link.id), scope))
          .returning();
      // A move in a savepoint: a code taken there since the check fails this link alone.
      const row = moving ? await movedOrTaken(tx, change) : (await change(tx))[0];
      if (row === 'taken') {
        failed.push({ id: link.id, code: 'alias_taken', message: takenMessage(link.shortCode, target!.hostname) });
        continue;
      }
      if (!row) continue;
      // An old code of this very link on the target domain becomes its current code again.
      if (moving)
        await tx
          .delete(linkAliases)
          .where(and(eq(linkAliases.linkId, row.id), eq(linkAliases.domainId, row.domainId), sameCode(linkAliases.code, row.shortCode)));
      await recordEvent(tx, linkEvent('link.updated', row, ctx.domains));
      const keys = moving ? [linkKey(row.domainId, row.shortCode), linkKey(link.domainId, link.shortCode)] : [linkKey(row.domainId, row.shortCode)];
      for (const key of keys) await invalidationBus().publishIn(tx, key);
      staleKeys.push(...keys);
      updated++;
    }
    return { updated, failed };
  });
  for (const key of staleKeys) invalidationBus().publish(key, { sentInTransaction: true });
  return result;
}

async function movedOrTaken(tx: Tx, change: (t: Tx) => Promise<LinkRow[]>): Promise<LinkRow | undefined | 'taken'> {
  try {
    return await tx.transaction(async (sp) => (await change(sp))[0]);
  } catch (err) {
    if (isUniqueViolation(err)) return 'taken';
    throw err;
  }
}

const takenMessage = (code: string, hostname: string) => `The code "${code}" is already taken on ${hostname}; this link was not changed.`;

function targetDomain(ctx: AppContext, workspaceId: string, id: number) {
  const domain = ctx.domains.usableBy(workspaceId, id);
  if (domain) return domain;
  const pending = ctx.domains.usableBy(workspaceId, id, { anyStatus: true });
  throw invalidField(
    'domain_id',
    pending ? `The domain ${pending.hostname} is not verified yet: links can be moved to it once its DNS records are.` : 'No such domain in this workspace.',
  );
}

const sameCode = (column: typeof links.shortCode | typeof linkAliases.code, code: string) => sql`lower(${column}) = ${code.toLowerCase()}`;

/** The moving links whose code is taken on the target domain: by another link, an old code of another link, or an earlier link of the same move. */
async function takenOn(tx: Tx, target: { id: number; hostname: string }, rows: LinkRow[]): Promise<Map<number, string>> {
  const moving = rows.filter((l) => l.domainId !== target.id);
  const taken = new Map<number, string>();
  if (moving.length === 0) return taken;
  const codes = [...new Set(moving.map((l) => l.shortCode.toLowerCase()))];
  const byLinks = await tx
    .select({ code: sql<string>`lower(${links.shortCode})` })
    .from(links)
    .where(and(eq(links.domainId, target.id), inArray(sql`lower(${links.shortCode})`, codes)));
  const byAliases = await tx
    .select({ code: sql<string>`lower(${linkAliases.code})`, linkId: linkAliases.linkId })
    .from(linkAliases)
    .where(and(eq(linkAliases.domainId, target.id), inArray(sql`lower(${linkAliases.code})`, codes)));
  const held = new Set(byLinks.map((r) => r.code));
  const heldAsOld = new Map(byAliases.map((r) => [r.code, r.linkId]));
  for (const link of moving) {
    const code = link.shortCode.toLowerCase();
    const oldOf = heldAsOld.get(code);
    if (held.has(code) || (oldOf !== undefined && oldOf !== link.id)) taken.set(link.id, takenMessage(link.shortCode, target.hostname));
    else held.add(code);
  }
  return taken;
}
