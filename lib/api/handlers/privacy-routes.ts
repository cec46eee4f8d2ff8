// REST v1 /api/v1/workspace/privacy handlers (through withWorkspace): input parsed by
// lib/openapi/operations/privacy.ts, one domain function called, the answer shaped.
import { instancePrivacy } from '../../analytics/privacy-mode';
import { loadConfig } from '../../config/load-config';
import { json } from '../../core/json-response';
import { operationHandler } from '../../http/operation';
import type { WorkspaceRequest } from '../../http/with-workspace';
import * as ops from '../../openapi/operations/privacy';
import { getWorkspacePrivacy } from '../../workspaces/get-workspace-privacy';
import { updateWorkspacePrivacy } from '../../workspaces/update-workspace-privacy';

/** GET /api/v1/workspace/privacy */
export const getPrivacyRoute = operationHandler(ops.getWorkspacePrivacy, async ({ actor, ctx }: WorkspaceRequest<object>) => {
  return json({ privacy: await getWorkspacePrivacy(ctx.handle.db, actor.workspaceId, instancePrivacy(loadConfig())) });
});

/** PATCH /api/v1/workspace/privacy {ip?, user_agent?, referrer?, honor_opt_out?, excluded_ranges?, click_retention_days?} */
export const updatePrivacyRoute = operationHandler(ops.updateWorkspacePrivacy, async ({ actor, ctx }: WorkspaceRequest<object>, { body }) => {
  return json({ privacy: await updateWorkspacePrivacy(ctx.handle.db, actor, body, instancePrivacy(loadConfig())) });
});
