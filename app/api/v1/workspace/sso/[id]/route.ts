import { withWorkspace } from '@/lib/http/with-workspace';
import { deleteConnectionRoute, getConnectionRoute, updateConnectionRoute } from '@/lib/sso/sso-routes';

// GET, PATCH, DELETE /api/v1/workspace/sso/{id}
export const GET = withWorkspace(getConnectionRoute, { permission: 'sso.manage' });
export const PATCH = withWorkspace(updateConnectionRoute, { permission: 'sso.manage' });
export const DELETE = withWorkspace(deleteConnectionRoute, { permission: 'sso.manage' });
