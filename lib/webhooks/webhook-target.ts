// Where a webhook URL (already parsed, lib/webhooks/webhook-schema.ts) may point: it must resolve only to
// public addresses; with WEBHOOKS_ALLOW_PRIVATE=true, loopback and private targets are allowed, and
// for them http:// too (test receivers, a service next door). Delivery checks the address again at
// connect time.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { invalidField } from '../core/errors';
import { isPublicAddress } from '../safety/public-address';

export interface WebhookPolicy {
  allowPrivate: boolean;
}

export async function checkWebhookTarget(url: URL, policy: WebhookPolicy): Promise<string> {
  const bad = (message: string) => invalidField('url', message);
  const host = url.hostname.replace(/^\[|\]$/g, '');
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
  return url.toString();
}
