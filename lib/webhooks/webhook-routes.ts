// REST v1 /api/v1/webhooks handlers (token or session, through withWorkspace; admins): thin
// wrappers that read the input, call the domain functions and shape the answer.
import { loadConfig } from '../config/load-config';
import { invalidField } from '../http/errors';
import { json } from '../http/json-response';
import { readJsonBody, readOptionalJsonBody } from '../http/read-json-body';
import type { WorkspaceRequest } from '../http/with-workspace';
import { getGlobalSingleton } from '../runtime/global-singleton';
import { DELIVERY_STATUSES, getDelivery, listDeliveries, resendDelivery, sendTestEvent, type DeliveryJson } from './delivery-log';
import type { Dispatcher } from './dispatcher';
import {
  createWebhook, deleteWebhook, getWebhookOrThrow, listWebhooks, rotateWebhookSecret, serializeWebhook, updateWebhook,
  type WebhookInput, type WebhookScope,
} from './manage-webhooks';

type Params = { id: string };
type DeliveryParams = { id: string; deliveryId: string };

function scopeOf({ actor, ctx }: WorkspaceRequest<unknown>): WebhookScope {
  const config = loadConfig();
  return { db: ctx.handle.db, domains: ctx.domains, actor, secretKey: config.SECRET_KEY, policy: { allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE } };
}

/** The worker loop in this process (role all), told to look now rather than at its next poll. */
function wakeDispatcher() {
  getGlobalSingleton<Dispatcher>('webhookDispatcher')?.wake();
}

export async function listWebhooksRoute({ actor, ctx }: WorkspaceRequest<object>): Promise<Response> {
  return json({ webhooks: (await listWebhooks(ctx.handle.db, actor)).map(serializeWebhook) });
}

export async function createWebhookRoute(r: WorkspaceRequest<object>): Promise<Response> {
  const body = (await readJsonBody(r.req)) as WebhookInput;
  const { webhook, secret } = await createWebhook(scopeOf(r), body ?? {});
  return json({ webhook: serializeWebhook(webhook), secret }, { status: 201 });
}

export async function getWebhookRoute({ actor, ctx, params }: WorkspaceRequest<Params>): Promise<Response> {
  return json({ webhook: serializeWebhook(await getWebhookOrThrow(ctx.handle.db, actor, params.id)) });
}

export async function updateWebhookRoute(r: WorkspaceRequest<Params>): Promise<Response> {
  const body = (await readJsonBody(r.req)) as WebhookInput;
  const webhook = await updateWebhook(scopeOf(r), r.params.id, body ?? {});
  if (webhook.enabled) wakeDispatcher();
  return json({ webhook: serializeWebhook(webhook) });
}

export async function deleteWebhookRoute({ actor, ctx, params }: WorkspaceRequest<Params>): Promise<Response> {
  await deleteWebhook(ctx.handle.db, actor, params.id);
  return new Response(null, { status: 204 });
}

/** POST /api/v1/webhooks/{id}/rotate-secret, /test */
export async function webhookActionRoute(r: WorkspaceRequest<Params & { action: string }>): Promise<Response> {
  const { req, actor, ctx, params } = r;
  if (params.action === 'rotate-secret') {
    const body = (await readOptionalJsonBody(req)) as { grace_hours?: unknown };
    const grace = body.grace_hours === undefined ? undefined : Number(body.grace_hours);
    if (grace !== undefined && (!Number.isFinite(grace) || grace < 0 || grace > 24 * 7)) {
      throw invalidField('grace_hours', 'The grace period must be from 0 to 168 hours.');
    }
    const { webhook, secret } = await rotateWebhookSecret(scopeOf(r), params.id, grace);
    return json({ webhook: serializeWebhook(webhook), secret });
  }
  if (params.action === 'test') {
    const webhook = await getWebhookOrThrow(ctx.handle.db, actor, params.id);
    const delivery = await sendTestEvent(ctx.handle, webhook);
    wakeDispatcher();
    return json({ delivery }, { status: 202 });
  }
  return json({ error: { code: 'not_found', message: `No action "${params.action}"; use rotate-secret or test.` } }, { status: 404 });
}

export async function listDeliveriesRoute({ actor, ctx, params, searchParams: q }: WorkspaceRequest<Params>): Promise<Response> {
  const webhook = await getWebhookOrThrow(ctx.handle.db, actor, params.id);
  const status = q.get('status') ?? undefined;
  if (status !== undefined && !(DELIVERY_STATUSES as readonly string[]).includes(status)) {
    throw invalidField('status', `The status must be one of ${DELIVERY_STATUSES.join(', ')}.`);
  }
  const limitText = q.get('limit') ?? '50';
  const limit = /^\d{1,3}$/.test(limitText) ? Number(limitText) : NaN;
  if (!(limit >= 1 && limit <= 100)) throw invalidField('limit', 'The limit must be a whole number from 1 to 100.');
  const page = await listDeliveries(ctx.handle, webhook.id, { status: status as DeliveryJson['status'] | undefined, limit, before: q.get('before') ?? undefined });
  return json(page);
}

export async function getDeliveryRoute({ actor, ctx, params }: WorkspaceRequest<DeliveryParams>): Promise<Response> {
  const webhook = await getWebhookOrThrow(ctx.handle.db, actor, params.id);
  return json(await getDelivery(ctx.handle, webhook.id, params.deliveryId));
}

export async function resendDeliveryRoute({ actor, ctx, params }: WorkspaceRequest<DeliveryParams>): Promise<Response> {
  const webhook = await getWebhookOrThrow(ctx.handle.db, actor, params.id);
  const delivery = await resendDelivery(ctx.handle, webhook, params.deliveryId);
  wakeDispatcher();
  return json({ delivery }, { status: 202 });
}
