// Webhook subscriptions of a workspace: create (the secret is returned once), change, rotate the
// secret (the old one keeps signing alongside for a grace period), delete. A webhook of another
// workspace is "not found": the workspace scope is in every query.
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { links, webhooks, type WebhookRow } from '../../db/schema';
import type { Db } from '../db/types';
import type { DomainRegistry } from '../domains/domain-registry';
import { AppError, invalidField } from '../core/errors';
import type { Actor } from '../tenancy/actor';
import { linkScope, webhookScope } from '../tenancy/scope';
import { ZChannelTarget, type ZCreateSignedWebhook, type TCreateWebhook, type TUpdateWebhook } from './webhook-schema';
import { displayTarget, KIND_LABELS, type ChannelKind, type WebhookKind } from './channel-kinds';
import { sealChannelTarget } from './channel-target';
import { parseWithAsync } from '../schemas/parse-input';
import { z } from 'zod';
import type { WebhookPolicy } from './webhook-target';
import { byActor, recordAudit } from '../audit/record-audit';
import { newWebhookSecret, sealWebhookSecret } from './webhook-secret';

export const MAX_WEBHOOKS_PER_WORKSPACE = 25;
export const ROTATION_GRACE_HOURS = 24;

export interface WebhookScope {
  db: Db;
  domains: DomainRegistry;
  actor: Actor;
  secretKey: string;
  policy: WebhookPolicy;
}

export interface WebhookJson {
  id: string;
  kind: WebhookKind;
  name: string | null;
  /** For a channel, a display form without its secret. */
  url: string;
  /** Telegram: the chat the bot posts to. */
  chat_id: string | null;
  events: string[];
  link_id: number | null;
  domain_id: number | null;
  enabled: boolean;
  disabled_reason: string | null;
  failing_since: string | null;
  last_success_at: string | null;
  /** While set, deliveries are signed with the previous secret too. */
  previous_secret_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export function serializeWebhook(w: WebhookRow): WebhookJson {
  const live = w.previousSecretExpiresAt && new Date(w.previousSecretExpiresAt) > new Date() ? w.previousSecretExpiresAt : null;
  return {
    id: w.id,
    kind: w.kind,
    name: w.name,
    url: w.url,
    chat_id: w.chatId,
    events: w.events,
    link_id: w.linkId === null ? null : Number(w.linkId),
    domain_id: w.domainId,
    enabled: w.enabled,
    disabled_reason: w.disabledReason,
    failing_since: iso(w.failingSince),
    last_success_at: iso(w.lastSuccessAt),
    previous_secret_expires_at: iso(live),
    created_at: iso(w.createdAt)!,
    updated_at: iso(w.updatedAt)!,
  };
}

export function listWebhooks(db: Db, actor: Actor): Promise<WebhookRow[]> {
  return db.select().from(webhooks).where(webhookScope(actor)).orderBy(asc(webhooks.createdAt));
}

export async function getWebhookOrThrow(db: Db, actor: Actor, id: string): Promise<WebhookRow> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, id), webhookScope(actor)))
    .limit(1);
  if (!row) throw new AppError('not_found', `No webhook "${id}" in this workspace.`);
  return row;
}

/**
 * `input` is parsed (lib/webhooks/webhook-schema.ts: the URL's or target's shape and host); here: that
 * the filters are the workspace's. A signed webhook gets a signing secret, returned once; a channel
 * has its target sealed instead (its `url` is a display form).
 */
export async function createWebhook(scope: WebhookScope, input: z.output<typeof ZCreateSignedWebhook>): Promise<{ webhook: WebhookRow; secret: string }>;
export async function createWebhook(scope: WebhookScope, input: TCreateWebhook): Promise<{ webhook: WebhookRow; secret: string | null }>;
export async function createWebhook(scope: WebhookScope, input: TCreateWebhook): Promise<{ webhook: WebhookRow; secret: string | null }> {
  const [linkId, domainId] = await allFields([
    () => checkLinkFilter(scope, input.link_id ?? null),
    () => checkDomainFilter(scope, input.domain_id ?? null),
  ] as const);
  const { events, enabled = true } = input;
  const [{ n }] = await scope.db.select({ n: count() }).from(webhooks).where(webhookScope(scope.actor));
  if (n >= MAX_WEBHOOKS_PER_WORKSPACE)
    throw new AppError('invalid_request', `A workspace can have at most ${MAX_WEBHOOKS_PER_WORKSPACE} webhooks and channels; delete one first.`);
  // (Narrowed by its fields: the signed variant's kind is optional, which `===` does not narrow by.)
  const secret = 'url' in input ? newWebhookSecret() : null;
  const kindFields =
    'url' in input
      ? { kind: 'webhook' as const, url: input.url, secretCiphertext: sealWebhookSecret(secret!, scope.secretKey) }
      : channelFields(scope, input.kind, input.target, input.kind === 'telegram' ? input.chat_id : null);
  const webhook = await scope.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhooks)
      .values({
        id: `wh_${randomBytes(12).toString('hex')}`,
        workspaceId: scope.actor.workspaceId,
        createdBy: scope.actor.userId,
        ...kindFields,
        name: input.name ?? null,
        events,
        linkId,
        domainId,
        enabled,
      })
      .returning();
    await recordAudit(tx, {
      ...byActor(scope.actor),
      action: 'webhook.created',
      target: { type: 'webhook', id: row.id, label: auditLabel(row) },
      details: { events, kind: row.kind },
    });
    return row;
  });
  return { webhook, secret };
}

/** A channel's stored fields: its target sealed, and the display form in `url`. */
function channelFields(scope: WebhookScope, kind: ChannelKind, target: string, chatId: string | null) {
  return { kind, url: displayTarget(kind, target, chatId), targetCiphertext: sealChannelTarget(target, scope.secretKey), chatId };
}

/** Changes the given fields. Enabling an endpoint Sling turned off starts its health afresh. */
export async function updateWebhook(scope: WebhookScope, id: string, input: TUpdateWebhook): Promise<WebhookRow> {
  const current = await getWebhookOrThrow(scope.db, scope.actor, id);
  const set: Partial<typeof webhooks.$inferInsert> = { updatedAt: new Date() };
  Object.assign(set, await kindChanges(scope, current, input));
  if (input.name !== undefined) set.name = input.name;
  if (input.events !== undefined) set.events = input.events;
  if (input.link_id !== undefined) set.linkId = await checkLinkFilter(scope, input.link_id);
  if (input.domain_id !== undefined) set.domainId = checkDomainFilter(scope, input.domain_id);
  const enabled = input.enabled;
  if (enabled !== undefined) {
    set.enabled = enabled;
    if (enabled && !current.enabled) Object.assign(set, { disabledReason: null, failingSince: null, consecutiveFailures: 0 });
  }
  return scope.db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhooks)
      .set(set)
      .where(and(eq(webhooks.id, current.id), webhookScope(scope.actor)))
      .returning();
    const fields = Object.keys(input).filter((k) => input[k as keyof TUpdateWebhook] !== undefined);
    await recordAudit(tx, {
      ...byActor(scope.actor),
      action: 'webhook.updated',
      target: { type: 'webhook', id: row.id, label: auditLabel(row) },
      details: { fields },
    });
    return row;
  });
}

/** The fields of `input` that only some kinds have (url; target, chat_id), checked against the current kind, which cannot change. */
async function kindChanges(scope: WebhookScope, current: WebhookRow, input: TUpdateWebhook): Promise<Partial<typeof webhooks.$inferInsert>> {
  const kind = current.kind;
  const label = KIND_LABELS[kind];
  if (input.kind !== undefined && input.kind !== kind)
    throw invalidField('kind', `This is a ${label}; its kind cannot change. Add a new one and delete this one.`);
  if (kind === 'webhook') {
    if (input.target !== undefined) throw invalidField('target', 'A signed webhook has no target; change its url.');
    if (input.chat_id !== undefined) throw invalidField('chat_id', 'Only a Telegram channel has a chat_id.');
    return input.url !== undefined ? { url: input.url } : {};
  }
  if (input.url !== undefined) throw invalidField('url', `A ${label} channel's URL is its secret target; send it as target.`);
  if (input.chat_id !== undefined && kind !== 'telegram') throw invalidField('chat_id', 'Only a Telegram channel has a chat_id.');
  const chatId = input.chat_id ?? current.chatId;
  if (input.target !== undefined) {
    const { target } = await parseWithAsync(z.object({ target: ZChannelTarget[kind] }), { target: input.target });
    return channelFields(scope, kind, target, chatId);
  }
  return kind === 'telegram' && input.chat_id !== undefined ? { chatId, url: displayTarget(kind, '', chatId) } : {};
}

/** A new secret; the old one keeps signing alongside it for `graceHours` (0: stops at once). */
export async function rotateWebhookSecret(
  scope: WebhookScope,
  id: string,
  graceHours = ROTATION_GRACE_HOURS,
): Promise<{ webhook: WebhookRow; secret: string }> {
  const current = await getWebhookOrThrow(scope.db, scope.actor, id);
  if (current.kind !== 'webhook')
    throw new AppError('invalid_request', `A ${KIND_LABELS[current.kind]} channel is not signed, so it has no secret to rotate; change its target instead.`);
  const secret = newWebhookSecret();
  const webhook = await scope.db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhooks)
      .set({
        secretCiphertext: sealWebhookSecret(secret, scope.secretKey),
        previousSecretCiphertext: graceHours > 0 ? current.secretCiphertext : null,
        previousSecretExpiresAt: graceHours > 0 ? sql`now() + make_interval(secs => ${graceHours * 3600}::float8)` : null,
        updatedAt: new Date(),
      })
      .where(and(eq(webhooks.id, current.id), webhookScope(scope.actor)))
      .returning();
    await recordAudit(tx, {
      ...byActor(scope.actor),
      action: 'webhook.secret_rotated',
      target: { type: 'webhook', id: row.id, label: auditLabel(row) },
      details: { grace_hours: graceHours },
    });
    return row;
  });
  return { webhook, secret };
}

/** Deletes the webhook with its deliveries and their attempt log. */
export async function deleteWebhook(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(webhooks)
      .where(and(eq(webhooks.id, id), webhookScope(actor)))
      .returning({ id: webhooks.id, url: webhooks.url, kind: webhooks.kind, name: webhooks.name });
    if (!gone) throw new AppError('not_found', `No webhook "${id}" in this workspace.`);
    await recordAudit(tx, { ...byActor(actor), action: 'webhook.deleted', target: { type: 'webhook', id: gone.id, label: auditLabel(gone) } });
  });
}

/** Awaits every field's check, so one answer names every bad field (details: {field: message}). */
async function allFields<T extends readonly unknown[]>(checks: { [K in keyof T]: () => T[K] | Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled((checks as readonly (() => unknown)[]).map(async (check) => check()));
  const details: Record<string, unknown> = {};
  for (const r of settled) {
    if (r.status === 'fulfilled') continue;
    if (!(r.reason instanceof AppError) || r.reason.code !== 'invalid_request' || !r.reason.details) throw r.reason;
    Object.assign(details, r.reason.details);
  }
  if (Object.keys(details).length > 0) {
    const fields = Object.keys(details);
    throw new AppError('invalid_request', fields.length === 1 ? String(details[fields[0]]) : `Check these fields: ${fields.join(', ')}.`, details);
  }
  return settled.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

async function checkLinkFilter(scope: WebhookScope, linkId: number | null): Promise<number | null> {
  if (linkId === null) return null;
  const [link] = await scope.db
    .select({ id: links.id })
    .from(links)
    .where(and(eq(links.id, linkId), linkScope(scope.actor, 'read')))
    .limit(1);
  if (!link) throw invalidField('link_id', `No link with id ${linkId} in this workspace.`);
  return linkId;
}

function checkDomainFilter(scope: WebhookScope, domainId: number | null): number | null {
  if (domainId === null) return null;
  const domain = scope.domains.usableBy(scope.actor.workspaceId, domainId);
  if (!domain) throw invalidField('domain_id', `No domain with id ${domainId} is available in this workspace.`);
  return domainId;
}

function iso(d: Date | string | null): string | null {
  return d === null ? null : new Date(d).toISOString();
}

/** A webhook as the audit log names it: its host (a path or query may hold the receiver's secret, as Slack's do); a channel by its kind and name. */
function auditLabel(w: Pick<WebhookRow, 'url' | 'kind' | 'name'>): string {
  if (w.kind !== 'webhook') return `${KIND_LABELS[w.kind]}${w.name ? ` ${w.name}` : ''}`;
  try {
    return new URL(w.url).host;
  } catch {
    return 'a webhook';
  }
}
