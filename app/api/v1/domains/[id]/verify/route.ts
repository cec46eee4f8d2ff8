import { verifyDomainRoute } from '@/lib/domains/domain-routes';
import { withWorkspace } from '@/lib/http/with-workspace';

// POST /api/v1/domains/{id}/verify – check the DNS records now
export const POST = withWorkspace(verifyDomainRoute, { permission: 'domains.write' });
