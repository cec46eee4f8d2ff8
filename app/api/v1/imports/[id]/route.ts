import { withWorkspace } from '@/lib/http/with-workspace';
import { getImportRoute } from '@/lib/imports/import-routes';

// GET /api/v1/imports/{id} – status and row counts
export const GET = withWorkspace(getImportRoute, { permission: 'links.read' });
