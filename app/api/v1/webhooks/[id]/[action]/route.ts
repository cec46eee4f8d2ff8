import { withWorkspace } from '@/lib/http/with-workspace';
import { webhookActionRoute } from '@/lib/webhooks/webhook-routes';

// POST /api/v1/webhooks/{id}/rotate-secret – a new secret; the old one signs alongside for
//   grace_hours (optional JSON body {"grace_hours": 0–168}, default 24)
// POST /api/v1/webhooks/{id}/test – send a webhook.test event
export const POST = withWorkspace(webhookActionRoute, { permission: 'webhooks.write' });
