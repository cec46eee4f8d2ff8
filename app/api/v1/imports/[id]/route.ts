import { withWorkspace } from '@/lib/http/with-workspace';
import { getImportRoute } from '@/lib/imports/import-routes';

// GET /api/v1/imports/{id} – status and row counts; the dashboard's progress bar polls it, so a
// signed-in session's reads are not counted against the budget (tokens' are)
export const GET = withWorkspace(getImportRoute, { permission: 'links.read' });
