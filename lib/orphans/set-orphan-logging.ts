// Whether the workspace keeps each orphan visit besides the counts (admins; checked by the route's
// permission). Edges pick the change up with their next write of the counts (docs/guide/orphan-visits.md).
import { eq, sql } from 'drizzle-orm';
import { workspaces } from '../../db/schema';
import { byActor, recordAudit } from '../audit/record-audit';
import { AppError } from '../core/errors';
import type { Db } from '../db/types';
import type { Actor } from '../tenancy/actor';

export async function setOrphanLogging(db: Db, actor: Actor, keep: boolean): Promise<{ log_orphan_visits: boolean }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ keep: workspaces.logOrphanVisits }).from(workspaces).where(eq(workspaces.id, actor.workspaceId)).for('update');
    if (!before) throw new AppError('not_found', 'This workspace no longer exists.');
    if (before.keep !== keep) {
      const [after] = await tx
        .update(workspaces)
        .set({ logOrphanVisits: keep, updatedAt: sql`now()` })
        .where(eq(workspaces.id, actor.workspaceId))
        .returning({ name: workspaces.name });
      await recordAudit(tx, {
        ...byActor(actor),
        action: 'workspace.updated',
        target: { type: 'workspace', id: actor.workspaceId, label: after.name },
        details: { log_orphan_visits: { from: before.keep, to: keep } },
      });
    }
    return { log_orphan_visits: keep };
  });
}
