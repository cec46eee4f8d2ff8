import { withWorkspace } from '@/lib/http/with-workspace';
import { createWebhookRoute, listWebhooksRoute } from '@/lib/webhooks/webhook-routes';

// GET /api/v1/webhooks – the workspace's webhooks
export const GET = withWorkspace(listWebhooksRoute, { permission: 'webhooks.read' });
// POST /api/v1/webhooks – register one (the signing secret is in this answer only)
export const POST = withWorkspace(createWebhookRoute, { permission: 'webhooks.write' });
