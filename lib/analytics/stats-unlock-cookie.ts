// After the right password, a public stats page stays open to that visitor for an hour: a signed
// cookie named after the link. The signature covers the page's password hash, so a new password
// ends it; its "stats" purpose keeps it apart from the link's own unlock cookie.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const STATS_UNLOCK_TTL_SECONDS = 3600;

export function statsUnlockCookieName(linkId: number): string {
  return `sl_stats_${linkId}`;
}

function sign(secret: string, linkId: number, expires: number, passwordHash: string): string {
  return createHmac('sha256', secret).update(`stats.${linkId}.${expires}.${passwordHash}`).digest('base64url');
}

export interface StatsUnlockOptions {
  secret: string;
  linkId: number;
  passwordHash: string;
  now?: number;
}

export function makeStatsUnlockCookie(opts: StatsUnlockOptions & { secure: boolean }): string {
  const expires = Math.floor((opts.now ?? Date.now()) / 1000) + STATS_UNLOCK_TTL_SECONDS;
  const value = `${expires}.${sign(opts.secret, opts.linkId, expires, opts.passwordHash)}`;
  return `${statsUnlockCookieName(opts.linkId)}=${value}; Max-Age=${STATS_UNLOCK_TTL_SECONDS}; Path=/; HttpOnly; SameSite=Lax${opts.secure ? '; Secure' : ''}`;
}

/** True when `value` (the cookie's value) is a valid, unexpired unlock for this link and password. */
export function isValidStatsUnlock(value: string | undefined, opts: StatsUnlockOptions): boolean {
  if (!value) return false;
  const dot = value.indexOf('.');
  const expires = Number(value.slice(0, dot));
  if (dot < 1 || !Number.isInteger(expires) || expires * 1000 <= (opts.now ?? Date.now())) return false;
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(sign(opts.secret, opts.linkId, expires, opts.passwordHash));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The cookie's value in a Cookie header, if any. */
export function statsUnlockFromHeader(cookieHeader: string | null | undefined, linkId: number): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === statsUnlockCookieName(linkId)) return part.slice(eq + 1).trim();
  }
  return undefined;
}
