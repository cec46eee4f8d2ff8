// Signing per Standard Webhooks (https://www.standardwebhooks.com): the secret is `whsec_` + base64
// of random bytes; the signature is `v1,` + base64 HMAC-SHA256 over "<id>.<timestamp>.<body>" keyed
// with the decoded bytes. Several signatures (old and new secret during a rotation) are separated
// by spaces, and a receiver accepts the message if any of them verifies.
import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { openSecret, sealSecret } from '../crypto/secret-box';

const PREFIX = 'whsec_';
const PURPOSE = 'webhook-secret';

export function newWebhookSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

function hmacKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

export function signPayload(secret: string | KeyObject, msgId: string, timestamp: number, body: string): string {
  const key = typeof secret === 'string' ? hmacKey(secret) : secret;
  return 'v1,' + createHmac('sha256', key).update(`${msgId}.${timestamp}.${body}`).digest('base64');
}

/** The `webhook-signature` header value: one signature per secret (or opened key) still in use. */
export function signatureHeader(secrets: Array<string | KeyObject>, msgId: string, timestamp: number, body: string): string {
  return secrets.map((s) => signPayload(s, msgId, timestamp, body)).join(' ');
}

/**
 * Opened signing keys by sealed secret, for the delivery loop: opening one (HKDF of SECRET_KEY, then
 * AES-GCM) costs more than signing, and a busy endpoint's secret is the same for every delivery.
 * Keyed by the sealed value, whose IV is random, so a rotated secret is a new entry and never meets
 * the old key; the oldest entries go first past `max`. Throws as openWebhookSecret does.
 */
export function signingKeys(secretKey: string, max = 1_000): (sealed: string) => KeyObject {
  const keys = new Map<string, KeyObject>();
  return (sealed) => {
    let key = keys.get(sealed);
    if (key) return key;
    key = createSecretKey(hmacKey(openWebhookSecret(sealed, secretKey)));
    if (keys.size >= max) keys.delete(keys.keys().next().value!);
    keys.set(sealed, key);
    return key;
  };
}

export const sealWebhookSecret = (plain: string, secretKey: string) => sealSecret(plain, secretKey, PURPOSE);
export const openWebhookSecret = (sealed: string, secretKey: string) => openSecret(sealed, secretKey, PURPOSE);
