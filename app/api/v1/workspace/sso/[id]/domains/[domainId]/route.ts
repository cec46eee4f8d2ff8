import { withWorkspace } from '@/lib/http/with-workspace';
import { removeDomainRoute } from '@/lib/sso/sso-routes';

// DELETE /api/v1/workspace/sso/{id}/domains/{domainId}
export const DELETE = withWorkspace(removeDomainRoute, { permission: 'sso.manage' });
