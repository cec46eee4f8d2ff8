import { withUser } from '@/lib/http/with-user';
import { deleteWebhookRoute, getWebhookRoute, updateWebhookRoute } from '@/lib/webhooks/webhook-routes';

// GET, PATCH (url, events, link_id, domain_id, enabled), DELETE /api/v1/webhooks/{id}
export const GET = withUser(getWebhookRoute);
export const PATCH = withUser(updateWebhookRoute);
export const DELETE = withUser(deleteWebhookRoute);
