import { deleteDomainRoute, getDomainRoute, updateDomainRoute } from '@/lib/domains/domain-routes';
import { withWorkspace } from '@/lib/http/with-workspace';

// GET, PATCH (not_found_url, root_redirect_url, default), DELETE /api/v1/domains/{id}
export const GET = withWorkspace(getDomainRoute, { permission: 'domains.read' });
export const PATCH = withWorkspace(updateDomainRoute, { permission: 'domains.write' });
export const DELETE = withWorkspace(deleteDomainRoute, { permission: 'domains.write' });
