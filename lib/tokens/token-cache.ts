// Token hash → its row (workspace, member's role, scopes), kept in memory so an API request does not
// look its token up again: with it, creating a link is one database round trip. Any write that could
// change what a token may do (revoke, rotate, regenerate, a member removed or deprovisioned, a role,
// plan or workspace changed, a ban) calls forgetTokens() after its commit, which empties this cache
// here at once and on every other instance through the invalidation bus (PostgreSQL NOTIFY or
// Redis), within the bus's delivery time. A lost message is healed by the TTL. Only tokens that
// exist are cached: a token made a moment ago on another instance is found at once.
import { LRUCache } from 'lru-cache';
import { ALL_KEYS, invalidationBus } from '../cache/invalidation-bus';
import type { DbHandle } from '../db/types';
import { globalSingleton } from '../core/global-singleton';
import { findTokenByHash, type TokenRow } from './find-token-by-hash';

/** The bus key that empties every instance's token cache. */
export const TOKENS_KEY = 'api-tokens';
/** How long a cached token row is used without reading it again: the bound when a message is lost. */
export const TOKEN_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  row: TokenRow;
  at: number;
}

class TokenCache {
  private entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES });
  /** Bumped by every invalidation: a lookup that began before one is used once, never stored. */
  private generation = 0;

  constructor() {
    invalidationBus().subscribe((key) => {
      if (key === TOKENS_KEY || key === ALL_KEYS) this.clear();
    });
  }

  async find(handle: DbHandle, hash: string): Promise<TokenRow | undefined> {
    const hit = this.entries.get(hash);
    if (hit && Date.now() - hit.at < TOKEN_CACHE_TTL_MS) return hit.row;
    const generation = this.generation;
    const at = Date.now();
    const row = await findTokenByHash(handle, hash);
    if (row && generation === this.generation) this.entries.set(hash, { row, at });
    else if (!row) this.entries.delete(hash);
    return row;
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }
}

/** The process-wide cache (shared by server.ts and Next's route handlers). */
function tokenCache(): TokenCache {
  // In the registry: one database's tokens, dropped between two starts in one test process.
  return globalSingleton('tokenCache', () => new TokenCache());
}

export function findTokenCached(handle: DbHandle, hash: string): Promise<TokenRow | undefined> {
  return tokenCache().find(handle, hash);
}

/** After a committed write that changes what some token may do: every instance reads tokens again. */
export function forgetTokens(): void {
  tokenCache(); // subscribed before the publish, so this instance forgets too
  invalidationBus().publish(TOKENS_KEY);
}
