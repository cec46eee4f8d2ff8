// A workspace for operators (CLI): by slug, or a user's personal one.
import { and, eq, sql } from 'drizzle-orm';
import { workspaces, type WorkspaceRow } from '../../db/schema';
import type { Db } from '../db/types';
import { AppError } from '../core/errors';
import { ensurePersonalWorkspace } from './ensure-personal-workspace';

export async function findWorkspaceBySlug(db: Db, slug: string): Promise<WorkspaceRow> {
  const [ws] = await db
    .select()
    .from(workspaces)
    .where(eq(sql`lower(${workspaces.slug})`, slug.toLowerCase()))
    .limit(1);
  if (!ws) throw new AppError('not_found', `No workspace with the slug ${slug}.`);
  return ws;
}

export async function personalWorkspaceOf(db: Db, userId: string): Promise<WorkspaceRow> {
  await ensurePersonalWorkspace(db, { id: userId });
  const [ws] = await db
    .select()
    .from(workspaces)
    .where(and(eq(workspaces.personalOwnerId, userId), eq(workspaces.kind, 'personal')))
    .limit(1);
  return ws;
}
