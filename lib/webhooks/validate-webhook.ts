// Registration input rules. The URL must be https:// and resolve only to public addresses; with
// WEBHOOKS_ALLOW_PRIVATE=true, loopback and private targets are allowed, and for them http://
// too (test receivers, a service next door). Delivery checks the address again at connect time.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { invalidField } from '../http/errors';
import { isPublicAddress } from '../safety/public-address';
import { WEBHOOK_EVENTS, type WebhookEvent } from './event-types';

export interface WebhookPolicy {
  allowPrivate: boolean;
}

export async function validateWebhookUrl(raw: unknown, policy: WebhookPolicy): Promise<string> {
  const bad = (message: string) => invalidField('url', message);
  if (typeof raw !== 'string' || raw.trim() === '') throw bad('Give the URL that should receive the events.');
  const text = raw.trim();
  if (text.length > 2048) throw bad('The URL is longer than 2048 characters.');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw bad('The URL is not a valid absolute URL.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw bad('The URL must start with https://.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!host) throw bad('The URL has no host.');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    throw bad(`The host ${host} could not be found.`);
  }
  const nonPublic = addresses.filter((a) => !isPublicAddress(a));
  if (nonPublic.length > 0 && !policy.allowPrivate) {
    throw bad(`${host} resolves to a non-public address (${nonPublic.join(', ')}); webhooks go to public addresses only.`);
  }
  if (url.protocol === 'http:' && !(policy.allowPrivate && nonPublic.length === addresses.length)) {
    throw bad('The URL must start with https:// (http:// is allowed only for private addresses, with WEBHOOKS_ALLOW_PRIVATE=true).');
  }
  url.hash = '';
  return url.toString();
}

export function validateEvents(raw: unknown): WebhookEvent[] {
  const known = WEBHOOK_EVENTS.join(', ');
  if (!Array.isArray(raw) || raw.length === 0) throw invalidField('events', `Choose at least one event: ${known}.`);
  const unknown = raw.filter((e) => !(WEBHOOK_EVENTS as readonly unknown[]).includes(e));
  if (unknown.length > 0) throw invalidField('events', `Unknown event ${unknown.map((e) => JSON.stringify(e)).join(', ')}; the events are ${known}.`);
  return WEBHOOK_EVENTS.filter((e) => raw.includes(e));
}

/** An optional numeric id (null or absent: no filter). */
export function optionalId(raw: unknown, field: string): number | null {
  if (raw === null || raw === undefined) return null;
  const n = typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1) throw invalidField(field, `The ${field} must be a positive whole number or null.`);
  return n;
}

export function optionalBoolean(raw: unknown, field: string): boolean | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'boolean') throw invalidField(field, `The ${field} must be true or false.`);
  return raw;
}
