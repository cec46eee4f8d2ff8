import { withWorkspace } from '@/lib/http/with-workspace';
import { createConnectionRoute, listConnectionsRoute } from '@/lib/sso/sso-routes';

// GET /api/v1/workspace/sso – the workspace's SSO connections and the provider types
export const GET = withWorkspace(listConnectionsRoute, { permission: 'sso.manage' });
// POST /api/v1/workspace/sso – a new connection (a draft until tested, its domain proven, and enabled)
export const POST = withWorkspace(createConnectionRoute, { permission: 'sso.manage' });
