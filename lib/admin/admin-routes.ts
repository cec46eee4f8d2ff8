// The handlers behind /api/v1/admin/* (app/api/v1/admin/**/route.ts are one line each).
import { z } from 'zod';
import type { AdminRequest } from '../http/with-admin';
import { json } from '../http/json-response';
import { readOptionalJsonBody as body } from '../http/read-json-body';
import { parseBody } from '../schemas/domain';
import { ZAdminNote, ZBanUser, ZDisableLink, ZNumericId, ZSetPlan, ZTextId, ZUpdateSettings, ZUsersQuery } from '../schemas/admin';
import { changePlan, settingsJson, updateSettings } from './admin-settings';
import { banUser, unbanUser } from './ban-user';
import { findReviewQueue } from './find-review-queue';
import { findUsers } from './find-users';
import { getInstanceSettings } from './instance-settings';
import { approveLink, disableLink, dismissReport } from './moderate-link';
import { findAdminActions } from './record-admin-action';

type IdParams = { id: string };

const numericId = (id: string) => parseBody(z.object({ id: ZNumericId }), { id }).id;
const textId = (id: string) => parseBody(z.object({ id: ZTextId }), { id }).id;

export async function reviewQueueRoute(r: AdminRequest<object>) {
  const [items, actions] = await Promise.all([findReviewQueue(r.ctx.handle.db, r.ctx), findAdminActions(r.ctx.handle.db)]);
  return json({ items, actions });
}

export async function actionsRoute(r: AdminRequest<object>) {
  return json({ actions: await findAdminActions(r.ctx.handle.db) });
}

export async function approveLinkRoute(r: AdminRequest<IdParams>) {
  const { note } = parseBody(ZAdminNote, await body(r.req));
  return json(await approveLink(r.admin.id, numericId(r.params.id), note, r.ctx));
}

export async function disableLinkRoute(r: AdminRequest<IdParams>) {
  const input = parseBody(ZDisableLink, await body(r.req));
  return json(await disableLink(r.admin.id, numericId(r.params.id), input, r.ctx));
}

export async function dismissReportRoute(r: AdminRequest<IdParams>) {
  const { note } = parseBody(ZAdminNote, await body(r.req));
  await dismissReport(r.ctx.handle.db, r.admin.id, numericId(r.params.id), note);
  return new Response(null, { status: 204 });
}

export async function usersRoute(r: AdminRequest<object>) {
  const query = parseBody(ZUsersQuery, Object.fromEntries(r.searchParams));
  return json(await findUsers(r.ctx.handle.db, query));
}

export async function banUserRoute(r: AdminRequest<IdParams>) {
  const input = parseBody(ZBanUser, await body(r.req));
  return json(await banUser(r.auth, r.req.headers, r.admin, textId(r.params.id), input, r.ctx));
}

export async function unbanUserRoute(r: AdminRequest<IdParams>) {
  const { note } = parseBody(ZAdminNote, await body(r.req));
  await unbanUser(r.auth, r.req.headers, r.admin, textId(r.params.id), note, r.ctx);
  return new Response(null, { status: 204 });
}

export async function setPlanRoute(r: AdminRequest<IdParams>) {
  const { plan, note } = parseBody(ZSetPlan, await body(r.req));
  return json(await changePlan(r.ctx.handle.db, r.admin.id, textId(r.params.id), plan, note));
}

export async function settingsRoute(r: AdminRequest<object>) {
  return json(settingsJson(await getInstanceSettings(r.ctx.handle.db)));
}

export async function updateSettingsRoute(r: AdminRequest<object>) {
  return json(await updateSettings(r.ctx.handle.db, r.admin.id, parseBody(ZUpdateSettings, await body(r.req))));
}
