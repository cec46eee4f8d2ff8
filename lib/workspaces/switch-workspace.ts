// Makes one of the user's workspaces the session's active one; not a member is "not found".
import type { Db } from '../db/types';
import { AppError } from '../core/errors';
import { findUserWorkspace, type WorkspaceJson } from './list-user-workspaces';
import { forgetSession } from './session-actor-cache';
import { setActiveWorkspace } from './set-active-workspace';

export async function switchWorkspace(db: Db, input: { userId: string; sessionId: string; workspaceId: string }): Promise<WorkspaceJson> {
  const switched = await setActiveWorkspace(db, input);
  if (switched) forgetSession(input.sessionId);
  const workspace = switched ? await findUserWorkspace(db, input.userId, input.workspaceId) : undefined;
  if (!workspace) throw new AppError('not_found', 'No such workspace among yours.');
  return workspace;
}
