// The actor's workspace as the API shows it (GET /api/v1/workspace, PATCH's answer).
import { eq } from 'drizzle-orm';
import { workspaces, type Plan, type WorkspaceKind, type WorkspaceRow } from '../../db/schema';
import type { Db } from '../db/types';
import { AppError } from '../core/errors';
import type { Actor } from '../tenancy/actor';

export interface WorkspaceInfoJson {
  id: string;
  name: string;
  slug: string;
  kind: WorkspaceKind;
  plan: Plan;
  created_at: string;
}

export function serializeWorkspace(w: WorkspaceRow): WorkspaceInfoJson {
  return { id: w.id, name: w.name, slug: w.slug, kind: w.kind, plan: w.plan, created_at: new Date(w.createdAt).toISOString() };
}

export async function getWorkspace(db: Db, actor: Actor): Promise<WorkspaceInfoJson> {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, actor.workspaceId)).limit(1);
  if (!row) throw new AppError('not_found', 'This workspace no longer exists.');
  return serializeWorkspace(row);
}
