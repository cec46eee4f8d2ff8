// Environment variables of the platform Sling runs on: its listener, database, Redis, secrets and
// link cache (the first sections of docs/self-hosting/configuration-reference.md).
import { z } from 'zod';
import { count, envDocs, httpUrl, port, trustProxy } from './env-fields';
import { isAddressOrRange } from '../core/address-range';

export const server = {
  PORT: port.default(3000).register(envDocs, { description: 'The port of the HTTP listener (the dashboard, the APIs and short links).', example: '8080' }),
  HOST: z.string().min(1).default('0.0.0.0').register(envDocs, {
    description: 'The address the HTTP listener (and the HTTPS one, with `TLS_PORT`) binds to; `127.0.0.1` keeps Sling to this machine.',
    example: '127.0.0.1',
  }),
  BASE_URL: httpUrl.optional().register(envDocs, {
    description:
      'The public origin of the dashboard and APIs, without a path: used in mails, sign-in and SSO callbacks and short URLs. Its host is the default short domain.',
    example: 'https://sl.example',
    unset: '`http://localhost:$PORT`',
  }),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be one of fatal, error, warn, info, debug, trace, silent' })
    .default('info')
    .register(envDocs, {
      description: 'The least severe log line written: `fatal`, `error`, `warn`, `info`, `debug`, `trace`, or `silent`. Logs are JSON lines on stdout.',
      example: 'debug',
    }),
  TRUST_PROXY: trustProxy.default(0).register(envDocs, {
    description:
      "How many proxies in front of Sling append to `X-Forwarded-For`. A number *n* takes the *n*th entry from the right as the visitor's address, `true` means `1`, `false` or `0` the socket's address. Entries further left come from the client and are never trusted. That address locates clicks, counts per-address rate limits and is recorded with sign-ins.",
    example: '1',
  }),
  PROXY_PROTOCOL_FROM: z
    .string()
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .refine((list) => list.length > 0 && list.every(isAddressOrRange), {
      error: 'must be a comma-separated list of addresses and CIDR ranges (10.0.0.5, 10.0.0.0/24, fd00::/8)',
    })
    .optional()
    .register(envDocs, {
      description:
        "The TCP load balancer's addresses and ranges, comma-separated: connections from them must begin with a PROXY protocol header (v1 or v2, HAProxy's `send-proxy-v2`), whose client address then counts as the visitor's for everything on that connection; a connection from them without one is closed, and so is one from anywhere else that sends one. Applies to the HTTP and the HTTPS (`TLS_PORT`) listener. `X-Forwarded-For` stays ignored unless `TRUST_PROXY` is set, which then counts HTTP proxies in front of the balancer ([scale-out](scale-out.md)).",
      example: '10.0.0.5,fd00:1::/64',
      unset: 'no PROXY header is read; a request that starts with one is a `400`',
    }),
  HEADERS_TIMEOUT_MS: count(1000).max(120_000, { error: 'must be at most 120000 (ms)' }).default(15_000).register(envDocs, {
    description:
      'Milliseconds a client has to send its request headers; a slower one gets `408 request_timeout` and is disconnected. At most `REQUEST_TIMEOUT_MS`.',
  }),
  REQUEST_TIMEOUT_MS: count(1000)
    .max(600_000, { error: 'must be at most 600000 (ms)' })
    .default(30_000)
    .register(envDocs, { description: 'Milliseconds a client has to send its whole request, body included; a slower one gets `408 request_timeout`.' }),
  KEEP_ALIVE_TIMEOUT_MS: count(1000)
    .max(600_000, { error: 'must be at most 600000 (ms)' })
    .default(65_000)
    .register(envDocs, { description: "Milliseconds an idle keep-alive connection stays open; keep it above your load balancer's idle timeout (often 60 s)." }),
  MAX_CONNECTIONS_PER_IP: count(0).optional().register(envDocs, {
    description:
      "Open connections allowed per client address; the next one gets `503 unavailable`. `0` means no bound. Behind a proxy every client shares the proxy's address, hence `0` there.",
    example: '1000',
    unset: '`256`, or `0` when `TRUST_PROXY` is set',
  }),
  SHUTDOWN_DRAIN_MS: count(0).max(120_000, { error: 'must be at most 120000 (ms)' }).default(0).register(envDocs, {
    description:
      "After `SIGTERM`, milliseconds during which `/readyz` answers `503` while requests are still served, so a load balancer's health check takes the instance out before its listener closes ([scale-out](scale-out.md)).",
    example: '15000',
  }),
  CPU_POOL_SIZE: count(1).max(64, { error: 'must be at most 64' }).optional().register(envDocs, {
    description: 'Worker threads for CPU-heavy work (QR codes, logo checks, bcrypt), off the event loop that serves requests.',
    example: '2',
    unset: 'the number of cores − 1, at least 1',
  }),
  CPU_POOL_QUEUE: count(0).max(10_000, { error: 'must be at most 10000' }).default(32).register(envDocs, {
    description: 'Tasks that may wait for a free worker thread; beyond that, requests that need one get `503 unavailable` with `Retry-After`.',
  }),
};

export const database = {
  DATA_DIR: z.string().min(1).default('./data').register(envDocs, {
    description:
      'Where the embedded database (PGlite), the generated `secret-key` and cached favicons live; with the embedded database, one process at a time may use it.',
    example: '/var/lib/sling',
  }),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .register(envDocs, {
      description:
        'A PostgreSQL database to use instead of the embedded one; needed for more than one instance. `SECRET_KEY` must then be set too. Migrations run at start-up ([production](production.md)).',
      example: 'postgres://sling:secret@db.internal:5432/sling',
      unset: 'the embedded database in `DATA_DIR`',
    }),
  DATABASE_REPLICA_URLS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^postgres(ql)?:\/\//, 'must be a comma-separated list of postgres:// or postgresql:// URLs')))
    .default([])
    .register(envDocs, {
      description:
        "Streaming replicas of `DATABASE_URL`'s database, comma-separated: the edges load links from them, and analytics, exports and link lists read from them; writes and reads that must see them stay on the primary ([scale-out](scale-out.md#read-replicas)). A replica that is down or too far behind is skipped.",
      example: 'postgres://sling:secret@db-replica-1.internal:5432/sling,postgres://sling:secret@db-replica-2.internal:5432/sling',
      unset: 'every read on the primary',
    }),
  REPLICA_MAX_LAG_MS: count(100).max(600_000, { error: 'must be at most 600000 (ms)' }).default(2_000).register(envDocs, {
    description:
      'A replica further behind the primary than this many milliseconds (measured from write-ahead-log positions about once a second while reads come) takes no reads until it has caught up.',
  }),
  PGLITE_SHARED_BUFFERS_MB: count(1).max(4096, { error: 'must be at most 4096 (MiB)' }).default(16).register(envDocs, {
    description:
      "The embedded database's buffer cache in MiB (PostgreSQL's `shared_buffers`; its own default, 128, was a fifth of an idle server's memory). Pages outside it come from the operating system's file cache.",
  }),
};

export const redis = {
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional()
    .register(envDocs, {
      description:
        'Redis shared by every instance: rate limits, sign-in attempt limits, daily link quotas and unsafe-URL strikes are counted there, and cache invalidations travel over its pub/sub. If it becomes unreachable, each instance counts in memory meanwhile.',
      example: 'redis://cache.internal:6379',
      unset: 'counts kept per instance; invalidations over PostgreSQL `LISTEN/NOTIFY` with `DATABASE_URL`',
    }),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1–64 of letters, digits, _ . : -')
    .default('sling')
    .register(envDocs, {
      description: "Namespace of Sling's Redis keys and channels, for deployments sharing one Redis: 1–64 letters, digits, `_ . : -`.",
      example: 'sling-staging',
    }),
};

export const secrets = {
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -hex 32`)').optional().register(envDocs, {
    description:
      "At least 32 characters, e.g. from `openssl rand -hex 32`. Signs sessions, unlock cookies and ALTCHA challenges, keys the hash of visitors' addresses, and encrypts stored secrets (webhook signing secrets, SSO client secrets, the ACME account and certificate keys). Every instance must share it; changing it signs everyone out and leaves what was encrypted under the old key unreadable.",
    unset: 'generated into `DATA_DIR/secret-key` with the embedded database; required with `DATABASE_URL`',
  }),
};

export const cache = {
  CACHE_MAX_ENTRIES: count(100).default(100_000).register(envDocs, { description: 'Links the in-process link cache holds at most.' }),
  CACHE_MAX_BYTES: count(1024 * 1024)
    .default(64 * 1024 * 1024)
    .register(envDocs, { description: 'Bytes the in-process link cache holds at most (64 MiB by default).', example: '134217728' }),
  CACHE_TTL_MS: count(100).max(3_600_000, { error: 'must be at most 3600000 (ms)' }).default(60_000).register(envDocs, {
    description:
      "Milliseconds an instance uses a cached link (and a custom domain's settings, landing page, favicon or certificate) before reading it again: the longest it stays stale on an instance that missed an invalidation message. Each entry is read again after 80–100 % of it, at random, so entries loaded together do not expire together.",
  }),
};
