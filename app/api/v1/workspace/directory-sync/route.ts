import { withWorkspace } from '@/lib/http/with-workspace';
import { directorySyncRoute, issueTokenRoute, revokeTokenRoute } from '@/lib/scim/directory-sync-routes';

// GET /api/v1/workspace/directory-sync – the SCIM base URL, token state and last activity
export const GET = withWorkspace(directorySyncRoute, { permission: 'sso.manage' });
// POST /api/v1/workspace/directory-sync – a new SCIM token (shown once; replaces the previous one)
export const POST = withWorkspace(issueTokenRoute, { permission: 'sso.manage' });
// DELETE /api/v1/workspace/directory-sync – revoke the token
export const DELETE = withWorkspace(revokeTokenRoute, { permission: 'sso.manage' });
