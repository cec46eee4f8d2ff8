// A channel's secret target: checked when registered, sealed at rest, and turned into the request
// URL at delivery. An incoming-webhook URL must be the service's own (host and path shape), or,
// when the operator allows private targets (WEBHOOKS_ALLOW_PRIVATE, e.g. a stand-in for tests or a
// relay next door), one on a private address with the same path shape; it then passes the same
// address check as a webhook URL (webhook-target.ts). A Telegram bot token goes to TELEGRAM_API_URL.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { invalidField } from '../core/errors';
import { openSecret, sealSecret } from '../crypto/secret-box';
import { isPublicAddress } from '../safety/public-address';
import { isServiceHost, isServicePath, KIND_LABELS, serviceUrlExample, type ChannelKind } from './channel-kinds';
import { checkWebhookTarget, type WebhookPolicy } from './webhook-target';

const PURPOSE = 'webhook-channel-target';

export const sealChannelTarget = (plain: string, secretKey: string) => sealSecret(plain, secretKey, PURPOSE);
export const openChannelTarget = (sealed: string, secretKey: string) => openSecret(sealed, secretKey, PURPOSE);

/** Opened targets by sealed value (as signingKeys in webhook-secret.ts: the IV is random, so a changed target is a new entry). */
export function openedTargets(secretKey: string, max = 1_000): (sealed: string) => string {
  const opened = new Map<string, string>();
  return (sealed) => {
    let plain = opened.get(sealed);
    if (plain !== undefined) return plain;
    plain = openChannelTarget(sealed, secretKey);
    if (opened.size >= max) opened.delete(opened.keys().next().value!);
    opened.set(sealed, plain);
    return plain;
  };
}

/** Checks an incoming-webhook URL (already shaped by the schema) for `kind`; returns it as stored. */
export async function checkChannelUrl(kind: Exclude<ChannelKind, 'telegram'>, url: URL, policy: WebhookPolicy): Promise<string> {
  const wrong = () => invalidField('target', `That is not a ${KIND_LABELS[kind]} webhook URL; it looks like ${serviceUrlExample(kind)}.`);
  if (!isServicePath(kind, url)) throw wrong();
  if (!isServiceHost(kind, url) && !(policy.allowPrivate && (await onlyPrivate(url.hostname)))) throw wrong();
  try {
    return await checkWebhookTarget(url, policy);
  } catch (err) {
    // The same refusal, named after the field a channel uses.
    const message = (err as { details?: Record<string, string> }).details?.url;
    throw message ? invalidField('target', message) : err;
  }
}

/** Where a channel's message is POSTed. */
export function channelRequestUrl(kind: ChannelKind, target: string, telegramApiUrl: string): string {
  return kind === 'telegram' ? `${telegramApiUrl.replace(/\/+$/, '')}/bot${target}/sendMessage` : target;
}

async function onlyPrivate(hostname: string): Promise<boolean> {
  const host = hostname.replace(/^\[|\]$/g, '');
  try {
    const addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    return addresses.length > 0 && addresses.every((a) => !isPublicAddress(a));
  } catch {
    return false;
  }
}
