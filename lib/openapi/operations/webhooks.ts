// REST v1 /api/v1/webhooks operations (admins: webhooks.read / webhooks.write).
import { z } from 'zod';
import { defineOperation } from '../../http/operation';
import {
  ZCreateWebhook,
  ZDeliveriesQuery,
  ZDelivery,
  ZDeliveryParams,
  ZRotateWebhookSecret,
  ZUpdateWebhook,
  ZWebhook,
  ZWebhookParams,
} from '../../webhooks/webhook-schema';
import { NO_CONTENT, ok, WORKSPACE_AUTH, workspaceErrors } from './common';

const tag = 'Webhooks';
const auth = WORKSPACE_AUTH;
const bodyErrors = ['invalid_request', 'payload_too_large', 'unsupported_media_type'] as const;
const SECRET_EXAMPLE = 'whsec_MfKQ9r8GKYqXoRSEG4pTZ1hV7d2Q9m3sA0bB6cC8dD0=';
const withSecret = z.object({
  webhook: ZWebhook,
  secret: z.string().meta({ description: 'Shown once: the signing secret (whsec_…).', examples: [SECRET_EXAMPLE] }),
});
const created = z.object({
  webhook: ZWebhook,
  secret: z
    .string()
    .optional()
    .meta({ description: 'Signed webhooks only, shown once: the signing secret (whsec_…). Channels are not signed.', examples: [SECRET_EXAMPLE] }),
});

export const listWebhooks = defineOperation({
  id: 'listWebhooks',
  permission: 'webhooks.read',
  method: 'GET',
  path: '/api/v1/webhooks',
  tag,
  auth,
  summary: "The workspace's webhooks",
  responses: { 200: ok(z.object({ webhooks: z.array(ZWebhook) })) },
  errors: workspaceErrors(),
});

export const createWebhook = defineOperation({
  id: 'createWebhook',
  permission: 'webhooks.write',
  method: 'POST',
  path: '/api/v1/webhooks',
  tag,
  auth,
  summary: 'Subscribe a URL (signed webhook) or a Slack, Discord, Teams or Telegram channel to events',
  body: ZCreateWebhook,
  responses: { 201: ok(created, 'Created; a signed webhook’s secret is shown once') },
  errors: workspaceErrors(...bodyErrors),
});

export const getWebhook = defineOperation({
  id: 'getWebhook',
  permission: 'webhooks.read',
  method: 'GET',
  path: '/api/v1/webhooks/{id}',
  tag,
  auth,
  summary: 'One webhook',
  params: ZWebhookParams,
  responses: { 200: ok(z.object({ webhook: ZWebhook })) },
  errors: workspaceErrors('not_found'),
});

export const updateWebhook = defineOperation({
  id: 'updateWebhook',
  permission: 'webhooks.write',
  method: 'PATCH',
  path: '/api/v1/webhooks/{id}',
  tag,
  auth,
  summary: 'Change a webhook',
  params: ZWebhookParams,
  body: ZUpdateWebhook,
  responses: { 200: ok(z.object({ webhook: ZWebhook })) },
  errors: workspaceErrors('not_found', ...bodyErrors),
});

export const deleteWebhook = defineOperation({
  id: 'deleteWebhook',
  permission: 'webhooks.write',
  method: 'DELETE',
  path: '/api/v1/webhooks/{id}',
  tag,
  auth,
  summary: 'Delete a webhook and its delivery log',
  params: ZWebhookParams,
  responses: { 204: NO_CONTENT },
  errors: workspaceErrors('not_found'),
});

export const rotateWebhookSecret = defineOperation({
  id: 'rotateWebhookSecret',
  permission: 'webhooks.write',
  method: 'POST',
  path: '/api/v1/webhooks/{id}/rotate-secret',
  tag,
  auth,
  summary: 'A new signing secret; the old one signs alongside for grace_hours (default 24)',
  params: ZWebhookParams,
  body: ZRotateWebhookSecret,
  bodyOptional: true,
  responses: { 200: ok(withSecret) },
  errors: workspaceErrors('not_found', ...bodyErrors),
});

export const testWebhook = defineOperation({
  id: 'testWebhook',
  permission: 'webhooks.write',
  method: 'POST',
  path: '/api/v1/webhooks/{id}/test',
  tag,
  auth,
  summary: 'Send a webhook.test event (a test message, for a channel)',
  params: ZWebhookParams,
  responses: { 202: ok(z.object({ delivery: ZDelivery }), 'Queued') },
  errors: workspaceErrors('not_found'),
});

export const listDeliveries = defineOperation({
  id: 'listDeliveries',
  permission: 'webhooks.read',
  method: 'GET',
  path: '/api/v1/webhooks/{id}/deliveries',
  tag,
  auth,
  summary: "A webhook's deliveries, newest first",
  params: ZWebhookParams,
  query: ZDeliveriesQuery,
  responses: { 200: ok(z.object({ deliveries: z.array(ZDelivery) }).loose()) },
  errors: workspaceErrors('invalid_request', 'not_found'),
});

export const getDelivery = defineOperation({
  id: 'getDelivery',
  permission: 'webhooks.read',
  method: 'GET',
  path: '/api/v1/webhooks/{id}/deliveries/{deliveryId}',
  tag,
  auth,
  summary: 'One delivery with its attempts',
  params: ZDeliveryParams,
  responses: { 200: ok(z.object({ delivery: ZDelivery, attempts: z.array(z.record(z.string(), z.unknown())), payload: z.record(z.string(), z.unknown()) })) },
  errors: workspaceErrors('not_found'),
});

export const resendDelivery = defineOperation({
  id: 'resendDelivery',
  permission: 'webhooks.write',
  method: 'POST',
  path: '/api/v1/webhooks/{id}/deliveries/{deliveryId}/resend',
  tag,
  auth,
  summary: 'Send a delivery again',
  params: ZDeliveryParams,
  responses: { 202: ok(z.object({ delivery: ZDelivery }), 'Queued') },
  errors: workspaceErrors('not_found', 'invalid_request'),
});
