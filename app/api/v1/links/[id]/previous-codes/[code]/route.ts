import { withWorkspace } from '@/lib/http/with-workspace';
import { freePreviousCodeRoute } from '@/lib/links/link-routes';

// DELETE /api/v1/links/{id}/previous-codes/{code} – free an old code the link kept after a rename
export const DELETE = withWorkspace(freePreviousCodeRoute, { permission: 'links.write' });
