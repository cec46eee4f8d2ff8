import { withWorkspace } from '@/lib/http/with-workspace';
import { connectionActionRoute } from '@/lib/sso/sso-routes';

// POST /api/v1/workspace/sso/{id}/test | verify-domain | enable | disable
export const POST = withWorkspace(connectionActionRoute, { permission: 'sso.manage' });
