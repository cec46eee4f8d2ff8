import { withUser } from '@/lib/http/with-user';
import { getDeliveryRoute } from '@/lib/webhooks/webhook-routes';

// GET /api/v1/webhooks/{id}/deliveries/{deliveryId} – one delivery: every attempt and the payload
export const GET = withUser(getDeliveryRoute);
