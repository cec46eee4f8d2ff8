// The handlers behind /api/v1/admin/* (one line each in lib/api/routes.ts); input parsed
// by lib/openapi/operations/admin.ts.
import type { AdminRequest } from '../../http/with-admin';
import { json } from '../../core/json-response';
import * as ops from '../../openapi/operations/admin';
import { operationHandler } from '../../http/operation';
import { changePlan, settingsJson, updateSettings } from '../../admin/admin-settings';
import { banUser, unbanUser } from '../../admin/ban-user';
import { createPasswordReset } from '../../admin/create-password-reset';
import { findReviewQueue } from '../../admin/find-review-queue';
import { findUsers } from '../../admin/find-users';
import { getInstanceSettings } from '../../instance/instance-settings';
import { approveLink, disableLink, dismissReport } from '../../admin/moderate-link';
import { findAdminActions } from '../../admin/record-admin-action';

type IdParams = { id: string };

export const reviewQueueRoute = operationHandler(ops.adminReviewQueue, async (r: AdminRequest<object>) => {
  const [items, actions] = await Promise.all([findReviewQueue(r.ctx.handle.db, r.ctx), findAdminActions(r.ctx.handle.db)]);
  return json({ items, actions });
});

export const actionsRoute = operationHandler(ops.adminActions, async (r: AdminRequest<object>) => json({ actions: await findAdminActions(r.ctx.handle.db) }));

export const approveLinkRoute = operationHandler(ops.adminApproveLink, async (r: AdminRequest<IdParams>, { params, body }) =>
  json(await approveLink(r.admin.id, params.id, body.note, r.ctx)),
);

export const disableLinkRoute = operationHandler(ops.adminDisableLink, async (r: AdminRequest<IdParams>, { params, body }) =>
  json(await disableLink(r.admin.id, params.id, body, r.ctx)),
);

export const dismissReportRoute = operationHandler(ops.adminDismissReport, async (r: AdminRequest<IdParams>, { params, body }) => {
  await dismissReport(r.ctx.handle.db, r.admin.id, params.id, body.note);
  return new Response(null, { status: 204 });
});

export const usersRoute = operationHandler(ops.adminUsers, async (r: AdminRequest<object>, { query }) => json(await findUsers(r.ctx.handle.db, query)));

export const banUserRoute = operationHandler(ops.adminBanUser, async (r: AdminRequest<IdParams>, { params, body }) =>
  json(await banUser(r.auth, r.req.headers, r.admin, params.id, body, r.ctx)),
);

export const unbanUserRoute = operationHandler(ops.adminUnbanUser, async (r: AdminRequest<IdParams>, { params, body }) => {
  await unbanUser(r.auth, r.req.headers, r.admin, params.id, body.note, r.ctx);
  return new Response(null, { status: 204 });
});

export const passwordResetRoute = operationHandler(ops.adminPasswordReset, async (r: AdminRequest<IdParams>, { params, body }) =>
  json(await createPasswordReset(r.auth, r.admin, params.id, body.note, r.ctx)),
);

export const setPlanRoute = operationHandler(ops.adminSetPlan, async (r: AdminRequest<IdParams>, { params, body }) =>
  json(await changePlan(r.ctx.handle.db, r.admin.id, params.id, body.plan, body.note)),
);

export const settingsRoute = operationHandler(ops.adminSettings, async (r: AdminRequest<object>) =>
  json(settingsJson(await getInstanceSettings(r.ctx.handle.db))),
);

export const updateSettingsRoute = operationHandler(ops.adminUpdateSettings, async (r: AdminRequest<object>, { body }) =>
  json(await updateSettings(r.ctx.handle.db, r.admin.id, body)),
);
