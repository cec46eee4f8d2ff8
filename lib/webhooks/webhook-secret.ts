// Signing per Standard Webhooks (https://www.standardwebhooks.com): the secret is `whsec_` + base64
// of random bytes; the signature is `v1,` + base64 HMAC-SHA256 over "<id>.<timestamp>.<body>" keyed
// with the decoded bytes. Several signatures (old and new secret during a rotation) are separated
// by spaces, and a receiver accepts the message if any of them verifies.
import { createHmac, randomBytes } from 'node:crypto';
import { openSecret, sealSecret } from '../crypto/secret-box';

const PREFIX = 'whsec_';
const PURPOSE = 'webhook-secret';

export function newWebhookSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

export function signPayload(secret: string, msgId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  return 'v1,' + createHmac('sha256', key).update(`${msgId}.${timestamp}.${body}`).digest('base64');
}

/** The `webhook-signature` header value: one signature per secret still in use. */
export function signatureHeader(secrets: string[], msgId: string, timestamp: number, body: string): string {
  return secrets.map((s) => signPayload(s, msgId, timestamp, body)).join(' ');
}

export const sealWebhookSecret = (plain: string, secretKey: string) => sealSecret(plain, secretKey, PURPOSE);
export const openWebhookSecret = (sealed: string, secretKey: string) => openSecret(sealed, secretKey, PURPOSE);
