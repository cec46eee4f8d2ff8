// better-auth's HTTP endpoints as its router registers them, read from an instance built with Sling's
// own options (createAuth) on a database handle that is never used: building the API touches no data.
import { createAuth } from '../../lib/auth/auth';
import { parseEnv } from '../../lib/config/env';

export interface AuthEndpoint {
  /** The path as better-auth declares it, e.g. `/reset-password/:token`. */
  path: string;
  methods: string[];
}

export function routedAuthEndpoints(): AuthEndpoint[] {
  const config = { ...parseEnv({}), SECRET_KEY: 'test-only-secret-key-of-at-least-32-characters' };
  const auth = createAuth({} as Parameters<typeof createAuth>[0], config);
  const endpoints = new Map<string, Set<string>>();
  for (const endpoint of Object.values(auth.api) as Array<{ path?: string; options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } } }>) {
    // The same filter as better-call's router: no path or SERVER_ONLY means not reachable over HTTP.
    if (!endpoint.path || !endpoint.options || endpoint.options.metadata?.SERVER_ONLY) continue;
    const methods = [endpoint.options.method ?? '*'].flat();
    const set = endpoints.get(endpoint.path) ?? new Set<string>();
    methods.forEach((m) => set.add(m));
    endpoints.set(endpoint.path, set);
  }
  return [...endpoints].map(([path, methods]) => ({ path, methods: [...methods].sort() })).sort((a, b) => a.path.localeCompare(b.path));
}
