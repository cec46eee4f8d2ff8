// REST v1 /api/v1/webhooks handlers (token or session, through withWorkspace; admins): thin
// wrappers: the input parsed by the operations' schemas (lib/openapi/operations/webhooks.ts), the
// domain functions called, the answer shaped.
import { loadConfig } from '../../config/load-config';
import { json } from '../../core/json-response';
import type { WorkspaceRequest } from '../../http/with-workspace';
import * as ops from '../../openapi/operations/webhooks';
import { operationHandler } from '../../http/operation';
import { getDelivery, listDeliveries, resendDelivery, sendTestEvent } from '../../webhooks/delivery-log';
import { EVENTS_CHANNEL } from '../../webhooks/events-channel';
import type { Queryable } from '../../db/types';
import {
  createWebhook,
  deleteWebhook,
  getWebhookOrThrow,
  listWebhooks,
  rotateWebhookSecret,
  serializeWebhook,
  updateWebhook,
  type WebhookScope,
} from '../../webhooks/manage-webhooks';

type Params = { id: string };
type DeliveryParams = { id: string; deliveryId: string };

function scopeOf({ actor, ctx }: WorkspaceRequest<unknown>): WebhookScope {
  const config = loadConfig();
  return { db: ctx.handle.db, domains: ctx.domains, actor, secretKey: config.SECRET_KEY, policy: { allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE } };
}

/**
 * Every process's worker loop, told to look now rather than at its next poll, through the database's
 * notification (this process's too: it listens like the others). A resend or a re-enabled endpoint
 * records no event, so nothing else would tell them.
 */
async function wakeDispatcher(db: Queryable) {
  await db.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, '']);
}

export const listWebhooksRoute = operationHandler(ops.listWebhooks, async ({ actor, ctx }: WorkspaceRequest<object>) => {
  return json({ webhooks: (await listWebhooks(ctx.handle.db, actor)).map(serializeWebhook) });
});

export const createWebhookRoute = operationHandler(ops.createWebhook, async (r: WorkspaceRequest<object>, { body }) => {
  const { webhook, secret } = await createWebhook(scopeOf(r), body);
  return json({ webhook: serializeWebhook(webhook), ...(secret === null ? {} : { secret }) }, { status: 201 });
});

export const getWebhookRoute = operationHandler(ops.getWebhook, async ({ actor, ctx }: WorkspaceRequest<Params>, { params }) => {
  return json({ webhook: serializeWebhook(await getWebhookOrThrow(ctx.handle.db, actor, params.id)) });
});

export const updateWebhookRoute = operationHandler(ops.updateWebhook, async (r: WorkspaceRequest<Params>, { params, body }) => {
  const webhook = await updateWebhook(scopeOf(r), params.id, body);
  if (webhook.enabled) await wakeDispatcher(r.ctx.handle);
  return json({ webhook: serializeWebhook(webhook) });
});

export const deleteWebhookRoute = operationHandler(ops.deleteWebhook, async ({ actor, ctx }: WorkspaceRequest<Params>, { params }) => {
  await deleteWebhook(ctx.handle.db, actor, params.id);
  return new Response(null, { status: 204 });
});

export const rotateWebhookSecretRoute = operationHandler(ops.rotateWebhookSecret, async (r: WorkspaceRequest<Params>, { params, body }) => {
  const { webhook, secret } = await rotateWebhookSecret(scopeOf(r), params.id, body.grace_hours);
  return json({ webhook: serializeWebhook(webhook), secret });
});

export const testWebhookRoute = operationHandler(ops.testWebhook, async ({ actor, ctx }: WorkspaceRequest<Params>, { params }) => {
  const webhook = await getWebhookOrThrow(ctx.handle.db, actor, params.id);
  // Its event wakes the workers as every recorded event does (db/migrations/0042_events_notify.sql).
  const delivery = await sendTestEvent(ctx.handle, webhook);
  return json({ delivery }, { status: 202 });
});

export const listDeliveriesRoute = operationHandler(ops.listDeliveries, async ({ actor, ctx }: WorkspaceRequest<Params>, { params, query }) => {
  const webhook = await getWebhookOrThrow(ctx.handle.db, actor, params.id);
  return json(await listDeliveries(ctx.handle, webhook.id, query));
});

export const getDeliveryRoute = operationHandler(ops.getDelivery, async ({ actor, ctx }: WorkspaceRequest<DeliveryParams>, { params }) => {
  const webhook = await getWebhookOrThrow(ctx.handle.db, actor, params.id);
  return json(await getDelivery(ctx.handle, webhook, params.deliveryId));
});

export const resendDeliveryRoute = operationHandler(ops.resendDelivery, async ({ actor, ctx }: WorkspaceRequest<DeliveryParams>, { params }) => {
  const webhook = await getWebhookOrThrow(ctx.handle.db, actor, params.id);
  const delivery = await resendDelivery(ctx.handle, webhook, params.deliveryId);
  await wakeDispatcher(ctx.handle);
  return json({ delivery }, { status: 202 });
});
