// Operators change a workspace's plan (`sling users set-plan`, the admin console's Users page).
import { eq, sql } from 'drizzle-orm';
import { PLANS, workspaces, type Plan, type WorkspaceRow } from '../../db/schema';
import type { Db } from '../db/types';
import { AppError, invalidField } from '../core/errors';
import { forgetTokens } from '../tokens/token-cache';

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value);
}

export async function setWorkspacePlan(db: Db, workspaceId: string, plan: Plan): Promise<WorkspaceRow> {
  if (!isPlan(plan)) throw invalidField('plan', `The plan must be one of ${PLANS.join(', ')}.`);
  const [row] = await db.update(workspaces).set({ plan, updatedAt: sql`now()` }).where(eq(workspaces.id, workspaceId)).returning();
  if (!row) throw new AppError('not_found', 'No such workspace.');
  forgetTokens(); // token rows carry the plan, which sets the API's limits
  return row;
}
