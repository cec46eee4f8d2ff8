import { faviconRoute } from '@/lib/favicons/favicon-route';
import { withWorkspace } from '@/lib/http/with-workspace';

// GET /api/v1/favicons/{host} – the favicon of a site the workspace's links go to (or a letter icon); not counted against a session's rate limit
export const GET = withWorkspace(faviconRoute, { permission: 'links.read' });
