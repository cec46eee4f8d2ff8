// Configuration from the environment (lib/config/env-schema.ts, docs/self-hosting/configuration-reference.md), validated once at start-up.
import type { z } from 'zod';
import { EnvSchema } from './env-schema';

export type Config = Omit<z.infer<typeof EnvSchema>, 'BASE_URL' | 'LINK_HOST' | 'SECRET_KEY' | 'MAX_CONNECTIONS_PER_IP'> & {
  MAX_CONNECTIONS_PER_IP: number;
  BASE_URL: string;
  /** Host name (no port) of BASE_URL: the default short domain. */
  baseHost: string;
  LINK_HOST: string;
  SECRET_KEY?: string;
};

/** A configuration problem, reported as one line and a non-zero exit. */
export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError naming the first bad variable. */
export function parseEnv(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    const got = cleaned[name];
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}` + (got !== undefined ? ` (got "${got}")` : ''));
  }
  const c = result.data;
  const baseUrl = (c.BASE_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, '');
  const parsed = new URL(baseUrl);
  if (parsed.pathname !== '/' || parsed.search || parsed.hash) {
    throw new ConfigError(`Invalid configuration: BASE_URL must be an origin without a path (got "${baseUrl}")`);
  }
  if (c.HEADERS_TIMEOUT_MS > c.REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      `Invalid configuration: HEADERS_TIMEOUT_MS must not be larger than REQUEST_TIMEOUT_MS (got ${c.HEADERS_TIMEOUT_MS} and ${c.REQUEST_TIMEOUT_MS})`,
    );
  }
  if (c.DATABASE_REPLICA_URLS.length > 0 && c.DATABASE_URL === undefined) {
    throw new ConfigError(
      'Invalid configuration: DATABASE_REPLICA_URLS needs DATABASE_URL (replicas are of a PostgreSQL primary, not of the embedded database)',
    );
  }
  if ((c.ACME_EAB_KID === undefined) !== (c.ACME_EAB_HMAC_KEY === undefined)) {
    throw new ConfigError('Invalid configuration: ACME_EAB_KID and ACME_EAB_HMAC_KEY must be set together');
  }
  for (const provider of ['GOOGLE', 'GITHUB', 'MICROSOFT'] as const) {
    if ((c[`${provider}_CLIENT_ID`] === undefined) !== (c[`${provider}_CLIENT_SECRET`] === undefined)) {
      throw new ConfigError(
        `Invalid configuration: ${provider}_CLIENT_ID and ${provider}_CLIENT_SECRET must be set together (or neither, for no ${provider.toLowerCase()} sign-in)`,
      );
    }
  }
  const baseHost = parsed.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const maxConnectionsPerIp = c.MAX_CONNECTIONS_PER_IP ?? (c.TRUST_PROXY === 0 ? 256 : 0);
  return { ...c, MAX_CONNECTIONS_PER_IP: maxConnectionsPerIp, BASE_URL: parsed.origin, baseHost, LINK_HOST: (c.LINK_HOST ?? baseHost).toLowerCase() };
}
