// A session cookie → the session it names, remembered for a minute, so an API call made with a
// cookie does not ask better-auth each time (it checks the cookie's signature over WebCrypto and
// reads the session: a fifth of a cookie call's CPU, docs/performance/2026-11-27-request-layer.md).
// Only what never changes for a cookie is kept — which session and whose. What can change (that the
// session still exists and has not expired, that its user is not banned, its active workspace and
// role) is the session's actor, kept by lib/workspaces/session-actor-cache.ts and forgotten on every
// instance when it changes. A cookie better-auth refuses is not kept.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { globalSingleton } from '../core/global-singleton';
import { loadAuth } from './load-auth';
import { sessionCookies } from './session-cookie';

/** Kept this long, so better-auth still sees each session in use about once a minute (and extends it). */
export const SESSION_LOOKUP_TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

/** Which session a cookie names. */
export interface SessionRef {
  sessionId: string;
  userId: string;
}

function cache(): LRUCache<string, SessionRef> {
  // In the registry: one database's sessions, dropped between two starts in one test process.
  return globalSingleton('sessionLookups', () => new LRUCache<string, SessionRef>({ max: MAX_ENTRIES, ttl: SESSION_LOOKUP_TTL_MS }));
}

const keyOf = (cookies: string) => createHash('sha256').update(cookies).digest('base64url');

/** The session the request's cookie names, if better-auth accepts it (or accepted it within the last minute). */
export async function findSession(headers: Headers): Promise<SessionRef | null> {
  const cookies = sessionCookies(headers);
  if (!cookies) return null;
  const key = keyOf(cookies);
  const hit = cache().get(key);
  if (hit) return hit;
  const session = await (await loadAuth()).api.getSession({ headers });
  if (!session) return null;
  const ref = { sessionId: session.session.id, userId: session.user.id };
  cache().set(key, ref);
  return ref;
}

/** Drops what the cookie was remembered as (its session turned out to be gone). */
export function forgetCookie(headers: Headers): void {
  const cookies = sessionCookies(headers);
  if (cookies) cache().delete(keyOf(cookies));
}
