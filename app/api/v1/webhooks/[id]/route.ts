import { withWorkspace } from '@/lib/http/with-workspace';
import { deleteWebhookRoute, getWebhookRoute, updateWebhookRoute } from '@/lib/webhooks/webhook-routes';

// GET, PATCH (url, events, link_id, domain_id, enabled), DELETE /api/v1/webhooks/{id}
export const GET = withWorkspace(getWebhookRoute, { permission: 'webhooks.read' });
export const PATCH = withWorkspace(updateWebhookRoute, { permission: 'webhooks.write' });
export const DELETE = withWorkspace(deleteWebhookRoute, { permission: 'webhooks.write' });
