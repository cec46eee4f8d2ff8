// Renames a workspace or changes its slug (admins; checked by the route's permission).
import { eq, sql } from 'drizzle-orm';
import { workspaces } from '../../db/schema';
import type { Db } from '../db/types';
import { recordAudit, byActor } from '../audit/record-audit';
import { AppError } from '../core/errors';
import { isUniqueViolation } from '../db/unique-violation';
import type { Actor } from '../tenancy/actor';
import { serializeWorkspace, type WorkspaceInfoJson } from './get-workspace';
import { slugTaken, workspaceName, workspaceSlug } from './workspace-fields';
import { forgetTokens } from '../tokens/token-cache';

export async function updateWorkspace(db: Db, actor: Actor, changes: { name?: unknown; slug?: unknown }): Promise<WorkspaceInfoJson> {
  if (changes.name === undefined && changes.slug === undefined) throw new AppError('invalid_request', 'Send at least one field to change: name or slug.');
  const name = changes.name === undefined ? undefined : workspaceName(changes.name);
  const slug = changes.slug === undefined ? undefined : workspaceSlug(changes.slug);
  try {
    const row = await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ name: workspaces.name, slug: workspaces.slug })
        .from(workspaces)
        .where(eq(workspaces.id, actor.workspaceId))
        .for('update');
      const [after] = await tx
        .update(workspaces)
        .set({ ...(name === undefined ? {} : { name }), ...(slug === undefined ? {} : { slug }), updatedAt: sql`now()` })
        .where(eq(workspaces.id, actor.workspaceId))
        .returning();
      if (!after) throw new AppError('not_found', 'This workspace no longer exists.');
      const changed = Object.fromEntries((['name', 'slug'] as const).filter((k) => before[k] !== after[k]).map((k) => [k, { from: before[k], to: after[k] }]));
      if (Object.keys(changed).length)
        await recordAudit(tx, {
          ...byActor(actor),
          action: 'workspace.updated',
          target: { type: 'workspace', id: after.id, label: after.name },
          details: changed,
        });
      return after;
    });
    forgetTokens(); // token rows carry the workspace's name and slug
    return serializeWorkspace(row);
  } catch (err) {
    if (slug !== undefined && isUniqueViolation(err, 'workspaces_slug_key')) throw slugTaken(slug);
    throw err;
  }
}
