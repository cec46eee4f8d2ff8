import { withUser } from '@/lib/http/with-user';
import { resendDeliveryRoute } from '@/lib/webhooks/webhook-routes';

// POST /api/v1/webhooks/{id}/deliveries/{deliveryId}/resend – one more attempt now
export const POST = withUser(resendDeliveryRoute);
