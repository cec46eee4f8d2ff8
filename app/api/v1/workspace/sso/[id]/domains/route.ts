import { withWorkspace } from '@/lib/http/with-workspace';
import { addDomainRoute } from '@/lib/sso/sso-routes';

// POST /api/v1/workspace/sso/{id}/domains {domain} – one more email domain for the connection
export const POST = withWorkspace(addDomainRoute, { permission: 'sso.manage' });
