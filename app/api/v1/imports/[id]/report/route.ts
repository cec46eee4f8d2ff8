import { withWorkspace } from '@/lib/http/with-workspace';
import { importReportRoute } from '@/lib/imports/import-routes';

// GET /api/v1/imports/{id}/report – the per-row report as CSV
export const GET = withWorkspace(importReportRoute, { permission: 'links.read' });
