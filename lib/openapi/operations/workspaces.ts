// REST v1 workspace operations: the current workspace (/api/v1/workspace), your workspaces
// (/api/v1/workspaces), members, invitations and the audit log. Deleting, transferring, leaving,
// creating and switching are for signed-in sessions only; the rest take a token with the right scope.
import { z } from 'zod';
import { ROLES } from '../../../db/schema';
import { ZAuditEntry, ZAuditQuery } from '../../audit/audit-schema';
import { defineOperation } from '../../http/operation';
import { PERMISSIONS } from '../../tenancy/permissions';
import {
  ZAcceptInvitation,
  ZChangeMemberRole,
  ZCreateInvitation,
  ZCreateWorkspace,
  ZInvitation,
  ZInvitationParams,
  ZIssuedInvitation,
  ZMember,
  ZMemberParams,
  ZTransferOwnership,
  ZUpdateWorkspace,
  ZUserWorkspace,
  ZWorkspaceInfo,
  ZWorkspaceParams,
} from '../../workspaces/workspace-schema';
import { NO_CONTENT, ok, SESSION_ONLY, WORKSPACE_AUTH, workspaceErrors } from './common';

const bodyErrors = ['invalid_request', 'payload_too_large', 'unsupported_media_type'] as const;
const auth = WORKSPACE_AUTH;

// The current workspace and your workspaces.
const tag = 'Workspaces';

export const getWorkspace = defineOperation({
  id: 'getWorkspace',
  permission: 'workspace.read',
  method: 'GET',
  path: '/api/v1/workspace',
  tag,
  auth,
  summary: 'The current workspace, your role and what you may do in it',
  responses: {
    200: ok(
      z.object({
        workspace: ZWorkspaceInfo,
        role: z.enum(ROLES),
        permissions: z.array(z.enum(Object.keys(PERMISSIONS) as [keyof typeof PERMISSIONS])),
        user_id: z.string(),
      }),
    ),
  },
  errors: workspaceErrors(),
});

export const updateWorkspace = defineOperation({
  id: 'updateWorkspace',
  permission: 'workspace.update',
  method: 'PATCH',
  path: '/api/v1/workspace',
  tag,
  auth,
  summary: 'Rename the workspace or change its slug',
  body: ZUpdateWorkspace,
  responses: { 200: ok(z.object({ workspace: ZWorkspaceInfo })) },
  errors: workspaceErrors(...bodyErrors),
});

export const deleteWorkspace = defineOperation({
  id: 'deleteWorkspace',
  permission: 'workspace.delete',
  method: 'DELETE',
  path: '/api/v1/workspace',
  tag,
  auth: SESSION_ONLY,
  summary: 'Delete a team workspace with everything in it (its owner)',
  responses: { 204: NO_CONTENT },
  errors: workspaceErrors('invalid_request'),
});

export const transferOwnership = defineOperation({
  id: 'transferOwnership',
  permission: 'workspace.transfer',
  method: 'POST',
  path: '/api/v1/workspace/transfer',
  tag,
  auth: SESSION_ONLY,
  summary: 'Make another member the owner; you become an admin',
  body: ZTransferOwnership,
  responses: { 200: ok(z.object({ members: z.array(ZMember) })) },
  errors: workspaceErrors(...bodyErrors),
});

export const leaveWorkspace = defineOperation({
  id: 'leaveWorkspace',
  method: 'POST',
  path: '/api/v1/workspace/leave',
  tag,
  auth: SESSION_ONLY,
  summary: 'Leave the current team workspace (not its owner); your links go to the owner',
  responses: { 204: NO_CONTENT },
  errors: workspaceErrors('invalid_request'),
});

export const listWorkspaces = defineOperation({
  id: 'listWorkspaces',
  method: 'GET',
  path: '/api/v1/workspaces',
  tag,
  auth,
  summary: 'Your workspaces with your role in each (a token: its own), and the current one',
  responses: { 200: ok(z.object({ workspaces: z.array(ZUserWorkspace), current_id: z.string() })) },
  // No permission to lack, and a read: never 403.
  errors: ['unauthorized', 'rate_limited'],
});

export const createWorkspace = defineOperation({
  id: 'createWorkspace',
  method: 'POST',
  path: '/api/v1/workspaces',
  tag,
  auth: SESSION_ONLY,
  summary: 'Create a team workspace; you own it and the session switches to it',
  body: ZCreateWorkspace,
  responses: { 201: ok(z.object({ workspace: ZUserWorkspace }), 'Created') },
  errors: workspaceErrors(...bodyErrors),
});

export const switchWorkspace = defineOperation({
  id: 'switchWorkspace',
  method: 'POST',
  path: '/api/v1/workspaces/{id}/switch',
  tag,
  auth: SESSION_ONLY,
  summary: 'Make one of your workspaces the session’s current one',
  params: ZWorkspaceParams,
  responses: { 200: ok(z.object({ workspace: ZUserWorkspace })) },
  errors: workspaceErrors('not_found'),
});

// Members and invitations.
const members = 'Members';

export const listMembers = defineOperation({
  id: 'listMembers',
  permission: 'members.read',
  method: 'GET',
  path: '/api/v1/workspace/members',
  tag: members,
  auth,
  summary: 'The workspace’s members, owner first',
  responses: { 200: ok(z.object({ members: z.array(ZMember) })) },
  errors: workspaceErrors(),
});

export const changeMemberRole = defineOperation({
  id: 'changeMemberRole',
  permission: 'members.write',
  method: 'PATCH',
  path: '/api/v1/workspace/members/{userId}',
  tag: members,
  auth,
  summary: 'Change a member’s role (admin or member)',
  params: ZMemberParams,
  body: ZChangeMemberRole,
  responses: { 200: ok(z.object({ member: ZMember })) },
  errors: workspaceErrors('not_found', ...bodyErrors),
});

export const removeMember = defineOperation({
  id: 'removeMember',
  permission: 'members.write',
  method: 'DELETE',
  path: '/api/v1/workspace/members/{userId}',
  tag: members,
  auth,
  summary: 'Remove a member (their links go to you, their tokens end)',
  params: ZMemberParams,
  responses: { 204: NO_CONTENT },
  errors: workspaceErrors('invalid_request', 'not_found'),
});

export const listInvitations = defineOperation({
  id: 'listInvitations',
  permission: 'members.write',
  method: 'GET',
  path: '/api/v1/workspace/invitations',
  tag: members,
  auth,
  summary: 'Pending invitations (expired ones too), newest first',
  responses: { 200: ok(z.object({ invitations: z.array(ZInvitation) })) },
  errors: workspaceErrors(),
});

export const createInvitation = defineOperation({
  id: 'createInvitation',
  permission: 'members.write',
  method: 'POST',
  path: '/api/v1/workspace/invitations',
  tag: members,
  auth,
  summary: 'Invite an address; the link is mailed (answered when mail is off), valid 7 days',
  body: ZCreateInvitation,
  responses: { 201: ok(ZIssuedInvitation, 'Created') },
  errors: workspaceErrors(...bodyErrors),
});

export const revokeInvitation = defineOperation({
  id: 'revokeInvitation',
  permission: 'members.write',
  method: 'DELETE',
  path: '/api/v1/workspace/invitations/{id}',
  tag: members,
  auth,
  summary: 'Revoke a pending invitation',
  params: ZInvitationParams,
  responses: { 204: NO_CONTENT },
  errors: workspaceErrors('not_found'),
});

export const resendInvitation = defineOperation({
  id: 'resendInvitation',
  permission: 'members.write',
  method: 'POST',
  path: '/api/v1/workspace/invitations/{id}/resend',
  tag: members,
  auth,
  summary: 'A new link and 7 more days (mailed, or answered when mail is off); the old link stops working',
  params: ZInvitationParams,
  responses: { 200: ok(ZIssuedInvitation) },
  errors: workspaceErrors('not_found'),
});

export const acceptInvitation = defineOperation({
  id: 'acceptInvitation',
  method: 'POST',
  path: '/api/v1/invitations/accept',
  tag: members,
  auth: SESSION_ONLY,
  summary: 'Join the workspace of an invitation, signed in with the invited address',
  body: ZAcceptInvitation,
  responses: { 200: ok(z.object({ workspace: ZUserWorkspace })) },
  errors: workspaceErrors('not_found', ...bodyErrors),
});

// The audit log (owners and admins).
const audit = 'Audit log';

export const listAudit = defineOperation({
  id: 'listAudit',
  permission: 'audit.read',
  method: 'GET',
  path: '/api/v1/workspace/audit',
  tag: audit,
  auth,
  summary: 'The workspace’s audit log, newest first',
  query: ZAuditQuery,
  responses: { 200: ok(z.object({ entries: z.array(ZAuditEntry), next_cursor: z.string().nullable() })) },
  errors: workspaceErrors('invalid_request'),
});

export const exportAudit = defineOperation({
  id: 'exportAudit',
  permission: 'audit.read',
  method: 'GET',
  path: '/api/v1/workspace/audit/export',
  tag: audit,
  auth,
  summary: 'The audit log as CSV (an attachment)',
  query: ZAuditQuery,
  responses: { 200: { description: 'CSV, one entry a row', contentType: 'text/csv' } },
  errors: workspaceErrors('invalid_request'),
});
