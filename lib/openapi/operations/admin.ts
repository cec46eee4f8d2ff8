// The instance admin's console API (/api/v1/admin/*): a platform admin's signed-in session only;
// to everyone else (signed out, a user, any API token) every path answers 404. Not rate limited.
// Writes refuse cross-site requests (403) like every session endpoint.
import { z } from 'zod';
import {
  ZAdminAction,
  ZAdminNote,
  ZAdminUserPage,
  ZBanUser,
  ZDisableLink,
  ZInstanceSettings,
  ZNumericIdParams,
  ZPasswordReset,
  ZPlanChanged,
  ZReviewItem,
  ZSetPlan,
  ZTextIdParams,
  ZUpdateSettings,
  ZUsersQuery,
} from '../../admin/admin-schema';
import { ZLink } from '../../links/link-schema';
import { defineOperation, type AuthScheme } from '../../http/operation';
import type { ErrorCode } from '../../core/errors';
import { NO_CONTENT, ok } from './common';

const tag = 'Admin console';
const auth: AuthScheme[] = ['admin_session'];
const rateLimited = false;
/** A read: 404 to anyone but an instance admin. */
const READ: ErrorCode[] = ['not_found'];
/** A write with an optional JSON body (a note for the audit trail). */
const WRITE: ErrorCode[] = ['not_found', 'forbidden', 'invalid_request', 'payload_too_large', 'unsupported_media_type'];
const common = { tag, auth, rateLimited } as const;

export const adminReviewQueue = defineOperation({
  ...common,
  id: 'adminReviewQueue',
  method: 'GET',
  path: '/api/v1/admin/review-queue',
  summary: 'Held and reported links with their evidence, and the audit trail',
  responses: { 200: ok(z.object({ items: z.array(ZReviewItem), actions: z.array(ZAdminAction) })) },
  errors: READ,
});

export const adminActions = defineOperation({
  ...common,
  id: 'adminActions',
  method: 'GET',
  path: '/api/v1/admin/actions',
  summary: 'The audit trail of admin actions, newest first',
  responses: { 200: ok(z.object({ actions: z.array(ZAdminAction) })) },
  errors: READ,
});

export const adminApproveLink = defineOperation({
  ...common,
  id: 'adminApproveLink',
  method: 'POST',
  path: '/api/v1/admin/links/{id}/approve',
  summary: 'Active again, reasons cleared, open reports resolved',
  params: ZNumericIdParams,
  body: ZAdminNote,
  bodyOptional: true,
  responses: { 200: ok(ZLink) },
  errors: WRITE,
});

export const adminDisableLink = defineOperation({
  ...common,
  id: 'adminDisableLink',
  method: 'POST',
  path: '/api/v1/admin/links/{id}/disable',
  summary: 'Disable a link with a reason: visitors get 451, the owner sees the reason',
  params: ZNumericIdParams,
  body: ZDisableLink,
  bodyOptional: true,
  responses: { 200: ok(ZLink) },
  errors: WRITE,
});

export const adminDismissReport = defineOperation({
  ...common,
  id: 'adminDismissReport',
  method: 'POST',
  path: '/api/v1/admin/reports/{id}/dismiss',
  summary: 'Set an open report aside',
  params: ZNumericIdParams,
  body: ZAdminNote,
  bodyOptional: true,
  responses: { 204: NO_CONTENT },
  errors: WRITE,
});

export const adminUsers = defineOperation({
  ...common,
  id: 'adminUsers',
  method: 'GET',
  path: '/api/v1/admin/users',
  summary: 'Accounts, searched by email or name, 20 a page',
  query: ZUsersQuery,
  responses: { 200: ok(ZAdminUserPage) },
  errors: ['not_found', 'invalid_request'],
});

export const adminBanUser = defineOperation({
  ...common,
  id: 'adminBanUser',
  method: 'POST',
  path: '/api/v1/admin/users/{id}/ban',
  summary: 'Ban an account: sessions ended, its workspaces’ links disabled',
  params: ZTextIdParams,
  body: ZBanUser,
  bodyOptional: true,
  responses: { 200: ok(z.object({ disabled_links: z.number().int() })) },
  errors: WRITE,
});

export const adminUnbanUser = defineOperation({
  ...common,
  id: 'adminUnbanUser',
  method: 'POST',
  path: '/api/v1/admin/users/{id}/unban',
  summary: 'Lift a ban',
  params: ZTextIdParams,
  body: ZAdminNote,
  bodyOptional: true,
  responses: { 204: NO_CONTENT },
  errors: WRITE,
});

export const adminPasswordReset = defineOperation({
  ...common,
  id: 'adminPasswordReset',
  method: 'POST',
  path: '/api/v1/admin/users/{id}/password-reset',
  summary: 'Start a password reset: the reset mail, or the link when the server sends no mail',
  params: ZTextIdParams,
  body: ZAdminNote,
  bodyOptional: true,
  responses: { 200: ok(ZPasswordReset) },
  errors: WRITE,
});

export const adminSetPlan = defineOperation({
  ...common,
  id: 'adminSetPlan',
  method: 'PUT',
  path: '/api/v1/admin/workspaces/{id}/plan',
  summary: 'Change a workspace’s plan',
  params: ZTextIdParams,
  body: ZSetPlan,
  bodyOptional: true,
  responses: { 200: ok(ZPlanChanged) },
  errors: WRITE,
});

export const adminSettings = defineOperation({
  ...common,
  id: 'adminSettings',
  method: 'GET',
  path: '/api/v1/admin/settings',
  summary: 'The instance’s settings: sign-ups and anonymous shortening',
  responses: { 200: ok(ZInstanceSettings) },
  errors: READ,
});

export const adminUpdateSettings = defineOperation({
  ...common,
  id: 'adminUpdateSettings',
  method: 'PATCH',
  path: '/api/v1/admin/settings',
  summary: 'Change sign-ups and anonymous shortening',
  body: ZUpdateSettings,
  bodyOptional: true,
  responses: { 200: ok(ZInstanceSettings) },
  errors: WRITE,
});
