import { withWorkspace } from '@/lib/http/with-workspace';
import { listTagsRoute } from '@/lib/links/link-routes';

// GET /api/v1/links/tags – {tags: [{name, links}]}, most used first
export const GET = withWorkspace(listTagsRoute, { permission: 'links.read' });
