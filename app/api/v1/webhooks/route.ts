import { withUser } from '@/lib/http/with-user';
import { createWebhookRoute, listWebhooksRoute } from '@/lib/webhooks/webhook-routes';

// GET /api/v1/webhooks – the user's webhooks
export const GET = withUser(listWebhooksRoute);
// POST /api/v1/webhooks – register one (the signing secret is in this answer only)
export const POST = withUser(createWebhookRoute);
