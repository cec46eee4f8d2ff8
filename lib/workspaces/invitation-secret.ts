// Invitation link secrets: 32 random bytes, base64url; only their SHA-256 is stored, and a link is
// found by that hash (no comparison of secrets in JavaScript). Valid for 7 days.
import { randomBytes } from 'node:crypto';
import { hashToken } from '../crypto/token-secret';

export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

export function newInvitationSecret(): { secret: string; hash: string; expiresAt: Date } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashToken(secret), expiresAt: new Date(Date.now() + INVITATION_TTL_MS) };
}

/** The stored hash for a secret from a link or a request body. */
export function invitationHash(secret: string): string {
  return hashToken(secret);
}

/** A string shaped like a secret (43 base64url characters); anything else cannot match. */
export function looksLikeInvitationSecret(v: unknown): v is string {
  return typeof v === 'string' && /^[A-Za-z0-9_-]{43}$/.test(v);
}
