import { addDomainRoute, listDomainsRoute } from '@/lib/domains/domain-routes';
import { withWorkspace } from '@/lib/http/with-workspace';

// GET /api/v1/domains – the workspace's domains with status and DNS records
export const GET = withWorkspace(listDomainsRoute, { permission: 'domains.read' });
// POST /api/v1/domains – add a custom domain (admins)
export const POST = withWorkspace(addDomainRoute, { permission: 'domains.write' });
