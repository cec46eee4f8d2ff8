import { withWorkspace } from '@/lib/http/with-workspace';
import { listDeliveriesRoute } from '@/lib/webhooks/webhook-routes';

// GET /api/v1/webhooks/{id}/deliveries?status=&limit=&before= – the delivery log, newest first
export const GET = withWorkspace(listDeliveriesRoute, { permission: 'webhooks.read' });
