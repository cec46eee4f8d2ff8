import { withWorkspace } from '@/lib/http/with-workspace';
import { createImportRoute, listImportsRoute } from '@/lib/imports/import-routes';

// GET /api/v1/imports?limit= – the workspace's imports, newest first (the dashboard's own reads do not spend the session's budget)
export const GET = withWorkspace(listImportsRoute, { permission: 'links.read' });
// POST /api/v1/imports?format=csv|bitly|yourls|kutt – upload a file (multipart "file" or raw body); 202 with the job
export const POST = withWorkspace(createImportRoute, { permission: 'links.write' });
