import { getLandingRoute, putLandingRoute } from '@/lib/landing/landing-routes';
import { withWorkspace } from '@/lib/http/with-workspace';

// GET, PUT /api/v1/domains/{id}/landing – the domain's landing page (owners and admins)
export const GET = withWorkspace(getLandingRoute, { permission: 'domains.write' });
export const PUT = withWorkspace(putLandingRoute, { permission: 'domains.write' });
