import { withWorkspace } from '@/lib/http/with-workspace';
import { deletePreviewImageRoute, getPreviewImageRoute, putPreviewImageRoute } from '@/lib/previews/preview-routes';

// GET, PUT (body: a PNG or JPEG, ≤ 1 MiB), DELETE /api/v1/links/{id}/preview/image – the image of the link's social preview
export const GET = withWorkspace(getPreviewImageRoute, { permission: 'links.read' });
export const PUT = withWorkspace(putPreviewImageRoute, { permission: 'links.write' });
export const DELETE = withWorkspace(deletePreviewImageRoute, { permission: 'links.write' });
