// Session id → the actor its API calls act as (workspace, role), kept in memory like token-cache.ts,
// so a call with a session cookie costs what a call with a token costs: no query before the work.
// An entry is used until the session's own expiry and for at most SESSION_ACTOR_TTL_MS. What can
// change it is forgotten at once on every instance through the invalidation bus:
// - a write that changes what callers may do (role, removal, plan, workspace, ban, SCIM) calls
//   forgetTokens(), which empties this cache too;
// - a write to a session (switching or opening a workspace, better-auth's sign-out, revocations,
//   ban and password reset, auth.ts's session hooks) calls forgetSession(id).
// A lost message is healed by the TTL.
import { LRUCache } from 'lru-cache';
import { ALL_KEYS, invalidationBus } from '../cache/invalidation-bus';
import type { Db } from '../db/types';
import { globalSingleton } from '../core/global-singleton';
import { TOKENS_KEY } from '../tokens/token-cache';
import type { Actor } from '../tenancy/actor';
import { actorForSessionId } from './session-actor';

/** How long a session's actor is used without reading it again: the bound when a message is lost. */
export const SESSION_ACTOR_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;
const PREFIX = 'session:';

interface Entry {
  userId: string;
  actor: Actor;
  expiresAt: number;
  at: number;
}

class SessionActorCache {
  private entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES });
  /** Bumped by every invalidation: a lookup that began before one is used once, never stored. */
  private generation = 0;

  constructor() {
    invalidationBus().subscribe((key) => {
      if (key === TOKENS_KEY || key === ALL_KEYS) this.clear();
      else if (key.startsWith(PREFIX)) this.drop(key.slice(PREFIX.length));
    });
  }

  async find(db: Db, ref: { sessionId: string; userId: string }): Promise<Actor | null> {
    const now = Date.now();
    const hit = this.entries.get(ref.sessionId);
    if (hit && hit.userId === ref.userId && now < hit.expiresAt && now - hit.at < SESSION_ACTOR_TTL_MS) return hit.actor;
    const generation = this.generation;
    const found = await actorForSessionId(db, ref);
    if (found && generation === this.generation)
      this.entries.set(ref.sessionId, { userId: ref.userId, actor: found.actor, expiresAt: found.expiresAt.getTime(), at: now });
    else if (!found) this.entries.delete(ref.sessionId);
    return found?.actor ?? null;
  }

  private drop(sessionId: string) {
    this.generation++;
    this.entries.delete(sessionId);
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }
}

function sessionActorCache(): SessionActorCache {
  // In the registry: one database's actors, dropped between two starts in one test process.
  return globalSingleton('sessionActorCache', () => new SessionActorCache());
}

/** The actor of a live session (null: ended, expired, or its user banned), from memory when it can be. */
export function findSessionActor(db: Db, ref: { sessionId: string; userId: string }): Promise<Actor | null> {
  return sessionActorCache().find(db, ref);
}

/** After a committed write to a session: every instance reads its actor again. */
export function forgetSession(sessionId: string): void {
  sessionActorCache(); // subscribed before the publish, so this instance forgets too
  invalidationBus().publish(PREFIX + sessionId);
}
