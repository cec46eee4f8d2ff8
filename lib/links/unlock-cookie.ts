// After a right password, a signed cookie lets the same visitor follow that link again for an hour
// without retyping. The signature covers the password hash, so changing the password ends it.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const UNLOCK_TTL_SECONDS = 3600;

export const UNLOCK_COOKIE_PREFIX = 'sl_unlock_';

export function unlockCookieName(linkId: number): string {
  return `${UNLOCK_COOKIE_PREFIX}${linkId}`;
}

function sign(secret: string, linkId: number, expires: number, passwordHash: string): string {
  return createHmac('sha256', secret).update(`${linkId}.${expires}.${passwordHash}`).digest('base64url');
}

export function makeUnlockCookie(opts: { secret: string; linkId: number; passwordHash: string; secure: boolean; now?: number }): string {
  const expires = Math.floor((opts.now ?? Date.now()) / 1000) + UNLOCK_TTL_SECONDS;
  const value = `${expires}.${sign(opts.secret, opts.linkId, expires, opts.passwordHash)}`;
  return `${unlockCookieName(opts.linkId)}=${value}; Max-Age=${UNLOCK_TTL_SECONDS}; Path=/; HttpOnly; SameSite=Lax${opts.secure ? '; Secure' : ''}`;
}

/** True when the Cookie header holds a valid, unexpired unlock for this link and password. */
export function hasValidUnlock(cookieHeader: string | undefined | null, opts: { secret: string; linkId: number; passwordHash: string; now?: number }): boolean {
  if (!cookieHeader) return false;
  const name = unlockCookieName(opts.linkId) + '=';
  const start = cookieHeader.indexOf(name);
  if (start === -1) return false;
  const end = cookieHeader.indexOf(';', start);
  const value = cookieHeader.slice(start + name.length, end === -1 ? undefined : end).trim();
  const dot = value.indexOf('.');
  const expires = Number(value.slice(0, dot));
  if (dot < 1 || !Number.isInteger(expires) || expires * 1000 <= (opts.now ?? Date.now())) return false;
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(sign(opts.secret, opts.linkId, expires, opts.passwordHash));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
