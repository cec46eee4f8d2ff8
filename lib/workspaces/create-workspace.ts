// A new team workspace: the caller is its owner, and the session opens on it.
import { randomUUID } from 'node:crypto';
import { workspaceMembers, workspaces } from '../../db/schema';
import { recordAudit } from '../audit/record-audit';
import type { Db } from '../db/types';
import { isUniqueViolation } from '../db/unique-violation';
import type { WorkspaceJson } from './list-user-workspaces';
import { forgetSession } from './session-actor-cache';
import { setActiveWorkspace } from './set-active-workspace';
import { defaultSlug, slugTaken, workspaceName, workspaceSlug } from './workspace-fields';

export interface CreateWorkspaceOptions {
  userId: string;
  sessionId: string;
  name: unknown;
  slug?: unknown;
  /** The creator's address, for the audit entry. */
  ip?: string | null;
}

export async function createWorkspace(db: Db, input: CreateWorkspaceOptions): Promise<WorkspaceJson> {
  const name = workspaceName(input.name);
  const slug = input.slug === undefined || input.slug === null ? defaultSlug(name) : workspaceSlug(input.slug);
  const id = randomUUID();
  try {
    const row = await db.transaction(async (tx) => {
      const [ws] = await tx.insert(workspaces).values({ id, name, slug, kind: 'team' }).returning();
      await tx.insert(workspaceMembers).values({ id: randomUUID(), organizationId: id, userId: input.userId, role: 'owner' });
      await setActiveWorkspace(tx, { sessionId: input.sessionId, userId: input.userId, workspaceId: id });
      await recordAudit(tx, {
        workspaceId: id,
        actorId: input.userId,
        ip: input.ip,
        action: 'workspace.created',
        target: { type: 'workspace', id, label: name },
      });
      return ws;
    });
    forgetSession(input.sessionId);
    return { id, name, slug, kind: 'team', plan: row.plan, role: 'owner', created_at: new Date(row.createdAt).toISOString() };
  } catch (err) {
    if (isUniqueViolation(err, 'workspaces_slug_key')) throw slugTaken(slug);
    throw err;
  }
}
