import { withWorkspace } from '@/lib/http/with-workspace';
import { resendDeliveryRoute } from '@/lib/webhooks/webhook-routes';

// POST /api/v1/webhooks/{id}/deliveries/{deliveryId}/resend – one more attempt now
export const POST = withWorkspace(resendDeliveryRoute, { permission: 'webhooks.write' });
