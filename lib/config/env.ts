// Configuration from the environment (docs/self-hosting/configuration.md), validated once at start-up.
import { isIP } from 'node:net';
import { z } from 'zod';

const PORT_MSG = { error: 'must be a port number from 0 to 65535' };
const port = z.coerce.number(PORT_MSG).int(PORT_MSG).min(0, PORT_MSG).max(65535, PORT_MSG);
/** A whole number of at least `min`. */
const count = (min: number) => {
  const msg = { error: `must be a whole number of at least ${min}` };
  return z.coerce.number(msg).int(msg).min(min, msg);
};
const httpUrl = z.string().regex(/^https?:\/\/[^/\s]+/i, 'must be a URL starting with http:// or https://').pipe(z.url({ error: 'must be a valid URL' }));

/**
 * TRUST_PROXY, as the number of proxies in front of Sling that append to X-Forwarded-For: false (0,
 * the default: the socket's address), a hop count n (the nth entry from the right), or true = 1.
 * Counting from the right matters: entries left of those the proxies appended are the client's own.
 */
const trustProxy = z
  .string()
  .regex(/^(true|false|\d+)$/, 'must be true, false or a number of proxy hops')
  .transform((v): number => (v === 'true' ? 1 : v === 'false' ? 0 : Number(v)));

const EnvSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  BASE_URL: httpUrl.optional(),
  LINK_HOST: z.string().regex(/^[a-z0-9.-]+$/i, 'must be a host name').optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional(),
  /** Namespace of Sling's Redis keys and channels, for deployments sharing one Redis. */
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1–64 of letters, digits, _ . : -').default('sling'),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -hex 32`)').optional(),
  TLS_PORT: port.optional(),
  /** The oldest TLS version the HTTPS listener accepts (TLS 1.3 unless older clients must be served). */
  TLS_MIN_VERSION: z.enum(['1.2', '1.3'], { error: 'must be 1.2 or 1.3' }).default('1.3'),
  ACME_DIRECTORY_URL: httpUrl.optional(),
  ACME_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  /** A PEM file of CA certificates to trust for ACME_DIRECTORY_URL's own HTTPS (a private CA). */
  ACME_CA_FILE: z.string().min(1).optional(),
  /** External account binding, for CAs that require it (ZeroSSL, Google): the key id and its base64url HMAC key, both or neither. */
  ACME_EAB_KID: z.string().min(1).optional(),
  ACME_EAB_HMAC_KEY: z.string().regex(/^[A-Za-z0-9_=+/-]+$/, 'must be the base64url HMAC key your CA gave you').optional(),
  DNS_SERVERS: z
    .string()
    .regex(/^[0-9a-f.:\[\]]+(,[0-9a-f.:\[\]]+)*$/i, 'must be a comma-separated list of IP addresses')
    .optional(),
  /** Addresses of LINK_HOST, for apex custom domains (which cannot have a CNAME): their A/AAAA records point here. */
  LINK_HOST_IPS: z
    .string()
    .regex(/^[0-9a-f.:]+(,[0-9a-f.:]+)*$/i, 'must be a comma-separated list of IP addresses')
    .refine((v) => v.split(',').every((ip) => isIP(ip) !== 0), 'must be a comma-separated list of IP addresses')
    .transform((v) => v.split(',').map((ip) => ip.toLowerCase()))
    .optional(),
  /** Seconds between background DNS checks of a pending domain (the last repeats) for 72 hours after it is added. */
  DOMAIN_CHECK_SCHEDULE: z
    .string()
    .regex(/^\d+(\.\d+)?(,\d+(\.\d+)?)*$/, 'must be a comma-separated list of seconds, e.g. 60,300,900')
    .default('60,120,300,600,1800,3600')
    .transform((v) => v.split(',').map(Number)),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be one of fatal, error, warn, info, debug, trace, silent' })
    .default('info'),
  TRUST_PROXY: trustProxy.default(0),
  /** Time a client has to send its request headers; a slower one gets 408 and is closed. */
  HEADERS_TIMEOUT_MS: count(1000).max(120_000, { error: 'must be at most 120000 (ms)' }).default(15_000),
  /** Time a client has to send its whole request, body included. */
  REQUEST_TIMEOUT_MS: count(1000).max(600_000, { error: 'must be at most 600000 (ms)' }).default(30_000),
  /** How long an idle keep-alive connection stays open (above a load balancer's 60 s idle timeout). */
  KEEP_ALIVE_TIMEOUT_MS: count(1000).max(600_000, { error: 'must be at most 600000 (ms)' }).default(65_000),
  /** Open connections allowed per client address; 0 = no bound. Default 256, or 0 when TRUST_PROXY is set (every client then shares the proxy's address). */
  MAX_CONNECTIONS_PER_IP: count(0).optional(),
  /** After SIGTERM: how long /readyz answers 503 while requests are still served, so a load balancer's health check takes the instance out before its listener closes. */
  SHUTDOWN_DRAIN_MS: count(0).max(120_000, { error: 'must be at most 120000 (ms)' }).default(0),
  CLICK_FLUSH_MS: count(10).max(1000, { error: 'must be at most 1000 (ms)' }).default(1000),
  /** The embedded database's buffer cache, in MiB (PostgreSQL's shared_buffers; its own default, 128, was most of an idle server's memory). */
  PGLITE_SHARED_BUFFERS_MB: count(1).max(4096, { error: 'must be at most 4096 (MiB)' }).default(16),
  CACHE_MAX_ENTRIES: count(100).default(100_000),
  CACHE_MAX_BYTES: count(1024 * 1024).default(64 * 1024 * 1024),
  /** How long the edge uses a cached link before reading it again: the bound on staleness when an invalidation message is lost. */
  CACHE_TTL_MS: count(100).max(3_600_000, { error: 'must be at most 3600000 (ms)' }).default(60_000),
  ENTERPRISE_LIMIT_PER_HOUR: count(1).default(100_000),
  ENTERPRISE_LIMIT_PER_MINUTE: count(1).default(1_000),
  AUTH_ATTEMPTS_PER_MINUTE: count(1).default(10),
  ANON_LINKS_PER_MINUTE: count(1).default(10),
  ANON_LINKS_PER_DAY: count(1).default(100),
  /** ALTCHA proof-of-work: the largest counter a challenge asks for (about that many SHA-256 hashes in the browser). */
  ALTCHA_MAX_COUNTER: count(2).max(10_000_000, { error: 'must be at most 10000000' }).default(20_000),
  /** Abuse reports accepted per IP address and hour (the /report form). */
  REPORTS_PER_HOUR: count(1).default(10),
  /** unsafe_url refusals within an hour that pause an account's or an address's link creation for an hour (and raise a review item). */
  SAFETY_STRIKES_PER_HOUR: count(1).default(5),
  /** New links per workspace per day, by plan (Enterprise: unlimited unless set). */
  QUOTA_LINKS_PER_DAY_FREE: count(1).default(500),
  QUOTA_LINKS_PER_DAY_PRO: count(1).default(10_000),
  QUOTA_LINKS_PER_DAY_BUSINESS: count(1).default(100_000),
  QUOTA_LINKS_PER_DAY_ENTERPRISE: count(1).optional(),
  /** New links per day in the system workspace: all anonymous links (and `sling links create`) together. */
  QUOTA_LINKS_PER_DAY_ANONYMOUS: count(1).default(10_000),
  /** Keep visitors' raw IP addresses with their clicks (default: only a keyed hash). */
  STORE_IP: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false').transform((v) => v === 'true'),
  /** An MMDB city database to use instead of the bundled DB-IP Lite one (e.g. MaxMind GeoLite2-City). */
  GEOIP_DB: z.string().min(1).optional(),
  /** How often workers look for jobs lost with a dead worker (they are retried), in seconds. */
  JOBS_MAINTENANCE_SECONDS: count(1).max(3600, { error: 'must be at most 3600 (seconds)' }).default(60),
  /** How often an idle worker polls each queue, in seconds. */
  JOBS_POLL_SECONDS: count(1).max(60, { error: 'must be at most 60 (seconds)' }).default(2),
  /** Let the favicon fetcher reach loopback and private addresses (tests, private networks). */
  FAVICONS_ALLOW_PRIVATE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false').transform((v) => v === 'true'),
  /** Time allowed to fetch one site's favicon, redirects included. */
  FAVICONS_TIMEOUT_MS: count(100).max(60_000, { error: 'must be at most 60000 (ms)' }).default(3_000),
  /** Let SSO connections use identity providers on loopback and private addresses (and http://). */
  SSO_ALLOW_PRIVATE_ISSUERS: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false').transform((v) => v === 'true'),
  /** Let webhooks reach loopback and private addresses (and use http:// for them). */
  WEBHOOKS_ALLOW_PRIVATE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false').transform((v) => v === 'true'),
  /** Time allowed for one webhook POST, answer included. */
  WEBHOOKS_TIMEOUT_MS: count(100).max(60_000, { error: 'must be at most 60000 (ms)' }).default(10_000),
  /** Seconds before each retry of a failed delivery (± 20 % jitter); after the last, it is failed. */
  WEBHOOKS_RETRY_SCHEDULE: z
    .string()
    .regex(/^\d+(\.\d+)?(,\d+(\.\d+)?)*$/, 'must be a comma-separated list of seconds, e.g. 5,300,1800')
    .default('5,300,1800,7200,18000,36000,36000')
    .transform((v) => v.split(',').map(Number)),
  /** An endpoint is turned off (and its owner emailed) after this many deliveries fail in a row… */
  WEBHOOKS_DISABLE_AFTER_FAILURES: count(1).default(50),
  /** …or after failing this many hours without a success. */
  WEBHOOKS_DISABLE_AFTER_HOURS: z.coerce.number({ error: 'must be a number of hours' }).positive({ error: 'must be a positive number of hours' }).default(120),
  /** Worker threads for CPU-heavy work (QR codes, logo checks, bcrypt); default: cores − 1, at least 1. */
  CPU_POOL_SIZE: count(1).max(64, { error: 'must be at most 64' }).optional(),
  /** Tasks that may wait for a free worker thread; beyond that requests get 503 with Retry-After. */
  CPU_POOL_QUEUE: count(0).max(10_000, { error: 'must be at most 10000' }).default(32),
  /** Webhook POSTs in flight at once, per worker process… */
  WEBHOOKS_CONCURRENCY: count(1).max(256, { error: 'must be at most 256' }).default(64),
  /** …and to one endpoint (kept connections to it, too), so a slow endpoint cannot hold every slot. */
  WEBHOOKS_ENDPOINT_CONCURRENCY: count(1).max(256, { error: 'must be at most 256' }).default(16),
  /** Events older than this many days leave the outbox once fanned out (and no delivery log row needs them). */
  EVENTS_RETENTION_DAYS: count(1).max(3650, { error: 'must be at most 3650 (days)' }).default(30),
  /** How often a worker looks for new events and due retries, in ms. */
  WEBHOOKS_POLL_MS: count(50).max(60_000, { error: 'must be at most 60000 (ms)' }).default(1000),
  /** Fetch each new or changed destination in a job (redirects followed, each hop checked against the lists). */
  SAFETY_DEEP_SCAN: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true').transform((v) => v === 'true'),
  /** Let the deep scan reach loopback and private addresses (tests only: otherwise such a chain is refused). */
  SAFETY_ALLOW_PRIVATE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false').transform((v) => v === 'true'),
  /** Time allowed for one deep scan, every redirect included. */
  SAFETY_SCAN_TIMEOUT_MS: count(100).max(120_000, { error: 'must be at most 120000 (ms)' }).default(15_000),
  /** Google Safe Browsing v4 Lookup API key: with it, the deep scan also asks Safe Browsing about each hop. */
  SAFE_BROWSING_API_KEY: z.string().min(1).optional(),
  /** Safe Browsing API origin (a compatible endpoint, or a test server). */
  SAFE_BROWSING_URL: httpUrl.default('https://safebrowsing.googleapis.com'),
  /** Threat feeds to import (hourly and at start): comma-separated http(s) URLs or file paths (lib/safety/feeds). */
  SAFETY_FEEDS: z
    .string()
    .transform((v) => v.split(',').map((s) => s.trim()).filter((s) => s !== ''))
    .pipe(z.array(z.string().regex(/^(https?:\/\/[^/\s]+|[^:]+$)/i, 'must list http(s) URLs or file paths, separated by commas')))
    .default([]),
});

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
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue.message}` + (got !== undefined ? ` (got "${got}")` : ''),
    );
  }
  const c = result.data;
  const baseUrl = (c.BASE_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, '');
  const parsed = new URL(baseUrl);
  if (parsed.pathname !== '/' || parsed.search || parsed.hash) {
    throw new ConfigError(`Invalid configuration: BASE_URL must be an origin without a path (got "${baseUrl}")`);
  }
  if (c.HEADERS_TIMEOUT_MS > c.REQUEST_TIMEOUT_MS) {
    throw new ConfigError(`Invalid configuration: HEADERS_TIMEOUT_MS must not be larger than REQUEST_TIMEOUT_MS (got ${c.HEADERS_TIMEOUT_MS} and ${c.REQUEST_TIMEOUT_MS})`);
  }
  if ((c.ACME_EAB_KID === undefined) !== (c.ACME_EAB_HMAC_KEY === undefined)) {
    throw new ConfigError('Invalid configuration: ACME_EAB_KID and ACME_EAB_HMAC_KEY must be set together');
  }
  const baseHost = parsed.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const maxConnectionsPerIp = c.MAX_CONNECTIONS_PER_IP ?? (c.TRUST_PROXY === 0 ? 256 : 0);
  return { ...c, MAX_CONNECTIONS_PER_IP: maxConnectionsPerIp, BASE_URL: parsed.origin, baseHost, LINK_HOST: (c.LINK_HOST ?? baseHost).toLowerCase() };
}
