// Token secrets: "sl_" + 40 random base62 characters (≈238 bits); stored only as SHA-256.
import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const TOKEN_PREFIX = 'sl_';

export function newTokenSecret(): string {
  const bytes = randomBytes(60);
  let out = '';
  for (let i = 0; out.length < 40 && i < bytes.length; i++) {
    if (bytes[i] < 248) out += ALPHABET[bytes[i] % 62]; // 248 = 4 × 62: no modulo bias
  }
  return out.length === 40 ? TOKEN_PREFIX + out : newTokenSecret();
}

export function hashToken(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** What lists show: enough to recognise a token, never enough to use it. */
export function displayPrefix(secret: string): string {
  return secret.slice(0, TOKEN_PREFIX.length + 6);
}
