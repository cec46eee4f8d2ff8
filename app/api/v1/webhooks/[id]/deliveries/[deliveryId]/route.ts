import { withWorkspace } from '@/lib/http/with-workspace';
import { getDeliveryRoute } from '@/lib/webhooks/webhook-routes';

// GET /api/v1/webhooks/{id}/deliveries/{deliveryId} – one delivery: every attempt and the payload
export const GET = withWorkspace(getDeliveryRoute, { permission: 'webhooks.read' });
