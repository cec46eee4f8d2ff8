import { withWorkspace } from '@/lib/http/with-workspace';
import { verifyDomainRoute } from '@/lib/sso/sso-routes';

// POST /api/v1/workspace/sso/{id}/domains/{domainId}/verify – look up that domain's TXT record
export const POST = withWorkspace(verifyDomainRoute, { permission: 'sso.manage' });
