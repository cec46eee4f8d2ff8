// The environment schema, grouped as the configuration reference shows it: each variable's rule,
// default and documentation in one place (docs/self-hosting/configuration-reference.md is rendered
// from here by `npm run docs:references`).
import { isIP } from 'node:net';
import { z } from 'zod';
import { isAddressOrRange } from '../core/address-range';

/** What the reference says of a variable; Markdown, one paragraph. */
export interface EnvDoc {
  description: string;
  /** A value worth copying, when the default is not one. */
  example?: string;
  /** What applies while an optional variable is unset, when that is more than "nothing". */
  unset?: string;
}

export const envDocs = z.registry<EnvDoc>();

const PORT_MSG = { error: 'must be a port number from 0 to 65535' };
const port = z.coerce.number(PORT_MSG).int(PORT_MSG).min(0, PORT_MSG).max(65535, PORT_MSG);
/** A whole number of at least `min`. */
const count = (min: number) => {
  const msg = { error: `must be a whole number of at least ${min}` };
  return z.coerce.number(msg).int(msg).min(min, msg);
};
const httpUrl = z
  .string()
  .regex(/^https?:\/\/[^/\s]+/i, 'must be a URL starting with http:// or https://')
  .pipe(z.url({ error: 'must be a valid URL' }));
const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default(fallback)
    .transform((v) => v === 'true');
const seconds = (example: string) => z.string().regex(/^\d+(\.\d+)?(,\d+(\.\d+)?)*$/, `must be a comma-separated list of seconds, e.g. ${example}`);

/**
 * TRUST_PROXY, as the number of proxies in front of Sling that append to X-Forwarded-For: false (0,
 * the default: the socket's address), a hop count n (the nth entry from the right), or true = 1.
 * Counting from the right matters: entries left of those the proxies appended are the client's own.
 */
const trustProxy = z
  .string()
  .regex(/^(true|false|\d+)$/, 'must be true, false or a number of proxy hops')
  .transform((v): number => (v === 'true' ? 1 : v === 'false' ? 0 : Number(v)));

const server = {
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

const database = {
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

const redis = {
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

const secrets = {
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -hex 32`)').optional().register(envDocs, {
    description:
      "At least 32 characters, e.g. from `openssl rand -hex 32`. Signs sessions, unlock cookies and ALTCHA challenges, keys the hash of visitors' addresses, and encrypts stored secrets (webhook signing secrets, SSO client secrets, the ACME account and certificate keys). Every instance must share it; changing it signs everyone out and leaves what was encrypted under the old key unreadable.",
    unset: 'generated into `DATA_DIR/secret-key` with the embedded database; required with `DATABASE_URL`',
  }),
};

const cache = {
  CACHE_MAX_ENTRIES: count(100).default(100_000).register(envDocs, { description: 'Links the in-process link cache holds at most.' }),
  CACHE_MAX_BYTES: count(1024 * 1024)
    .default(64 * 1024 * 1024)
    .register(envDocs, { description: 'Bytes the in-process link cache holds at most (64 MiB by default).', example: '134217728' }),
  CACHE_TTL_MS: count(100).max(3_600_000, { error: 'must be at most 3600000 (ms)' }).default(60_000).register(envDocs, {
    description:
      "Milliseconds an instance uses a cached link (and a custom domain's settings, landing page, favicon or certificate) before reading it again: the longest it stays stale on an instance that missed an invalidation message. Each entry is read again after 80–100 % of it, at random, so entries loaded together do not expire together.",
  }),
};

const customDomains = {
  LINK_HOST: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'must be a host name')
    .optional()
    .register(envDocs, { description: 'The host custom domains point their `CNAME` record at.', example: 'links.sl.example', unset: 'the host of `BASE_URL`' }),
  LINK_HOST_IPS: z
    .string()
    .regex(/^[0-9a-f.:]+(,[0-9a-f.:]+)*$/i, 'must be a comma-separated list of IP addresses')
    .refine((v) => v.split(',').every((ip) => isIP(ip) !== 0), 'must be a comma-separated list of IP addresses')
    .transform((v) => v.split(',').map((ip) => ip.toLowerCase()))
    .optional()
    .register(envDocs, {
      description:
        'The public addresses of `LINK_HOST`, comma-separated: apex custom domains (which cannot have a `CNAME`) point their `A`/`AAAA` records here.',
      example: '203.0.113.10,2001:db8::10',
      unset: 'only subdomains can be added as custom domains',
    }),
  DNS_SERVERS: z
    .string()
    .regex(/^[0-9a-f.:[\]]+(,[0-9a-f.:[\]]+)*$/i, 'must be a comma-separated list of IP addresses')
    .optional()
    .register(envDocs, {
      description: 'DNS servers for custom-domain checks and SSO domain proofs: `ip` or `ip:port` (`[ipv6]:port`), comma-separated.',
      example: '1.1.1.1,8.8.8.8',
      unset: "the system's resolvers",
    }),
  DOMAIN_CHECK_SCHEDULE: seconds('60,300,900')
    .default('60,120,300,600,1800,3600')
    .transform((v) => v.split(',').map(Number))
    .register(envDocs, {
      description:
        'Seconds between background DNS checks of a pending custom domain, comma-separated; the last one repeats, for 72 hours after the domain is added.',
    }),
};

const tls = {
  TLS_PORT: port.optional().register(envDocs, {
    description: 'Port of an HTTPS listener for custom domains, each with its own certificate picked by SNI ([custom domains](custom-domains.md)).',
    example: '443',
    unset: 'no HTTPS listener',
  }),
  TLS_MIN_VERSION: z.enum(['1.2', '1.3'], { error: 'must be 1.2 or 1.3' }).default('1.3').register(envDocs, {
    description: 'The oldest TLS version the HTTPS listener accepts: `1.3`, or `1.2` when older clients must be served.',
    example: '1.2',
  }),
  ACME_DIRECTORY_URL: httpUrl.optional().register(envDocs, {
    description:
      'The directory of an ACME (RFC 8555) certificate authority: a certificate is ordered over HTTP-01 for every verified custom domain, and renewed 30 days ahead.',
    example: 'https://acme-v02.api.letsencrypt.org/directory',
    unset: 'no certificates are ordered',
  }),
  ACME_EMAIL: z.email({ error: 'must be an email address' }).optional().register(envDocs, {
    description: "The contact address of Sling's account with the ACME certificate authority (expiry and policy notices).",
    example: 'ops@sl.example',
  }),
  ACME_CA_FILE: z.string().min(1).optional().register(envDocs, {
    description:
      'A PEM file of CA certificates to trust for the HTTPS of `ACME_DIRECTORY_URL` itself, when the directory is served under a private CA (pebble, step-ca); only these are then trusted for it. It is not the CA that signs the certificates Sling is issued.',
    example: '/etc/sling/pebble.minica.pem',
    unset: "the system's trusted CAs",
  }),
  ACME_EAB_KID: z.string().min(1).optional().register(envDocs, {
    description:
      'External account binding, for certificate authorities that require it (ZeroSSL, Google): the key id. Set with `ACME_EAB_HMAC_KEY`, or neither.',
  }),
  ACME_EAB_HMAC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_=+/-]+$/, 'must be the base64url HMAC key your CA gave you')
    .optional()
    .register(envDocs, { description: 'External account binding: the base64url HMAC key the certificate authority gave with `ACME_EAB_KID`.' }),
};

const mail = {
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .register(envDocs, {
      description:
        'The mail server, as a nodemailer connection URL: `smtp://user:password@host:587` (STARTTLS when offered) or `smtps://user:password@host:465` (TLS from the start); percent-encode special characters of the password. Used for password resets, invitations, new-sign-in notices, and notices to owners and operators (a webhook turned off, a custom domain misconfigured, an abuse report).',
      example: 'smtps://sling%40sl.example:secret@smtp.example.com:465',
      unset: 'nothing is sent; the kind, recipient and subject of each mail are logged',
    }),
  MAIL_FROM: z.string().min(3).optional().register(envDocs, {
    description: "The sender of Sling's mails.",
    example: 'Sling <no-reply@sl.example>',
    unset: '`Sling <no-reply@HOST>`, HOST being the host of `BASE_URL`',
  }),
};

const sso = {
  SSO_ALLOW_PRIVATE_ISSUERS: z
    .string()
    .trim()
    .default('false')
    .refine((v) => v === 'true' || v === 'false' || v.split(',').every(isAddressOrRange), {
      error: 'must be true, false, or a comma-separated list of addresses and ranges (10.20.0.0/16, fd00:1::/64)',
    })
    .transform((v) => (v === 'true' ? true : v === 'false' ? false : v.split(',').map((a) => a.trim())))
    .register(envDocs, {
      description:
        'Let SSO connections use identity providers on loopback and private addresses, and over `http://` (a local Keycloak or Dex): `true` for any such address, or a comma-separated list of the addresses and ranges allowed (`10.20.0.0/16,fd00:1::/64`; others stay refused). Without it, a connection whose issuer or SAML metadata URL is such an address is refused when saved (`400`), and "Test connection" refuses it again as it connects.',
      example: '10.20.0.0/16',
    }),
};

const oauthCredential = z.string().trim().min(1);
/** A provider's client id: with its secret it shows the provider's button. */
const clientId = (name: string, where: string) =>
  oauthCredential.optional().register(envDocs, {
    description: `The client id of Sling's OAuth app at ${name} (${where}); with the matching secret the sign-in and sign-up pages show “Continue with ${name}” ([social sign-in](../guide/social-sign-in.md)). Set both, or neither.`,
    unset: `no “Continue with ${name}”`,
  });
const clientSecret = (id: string) => oauthCredential.optional().register(envDocs, { description: `The client secret that goes with \`${id}\`.` });

const social = {
  GOOGLE_CLIENT_ID: clientId('Google', 'Google Cloud console → APIs & Services → Credentials'),
  GOOGLE_CLIENT_SECRET: clientSecret('GOOGLE_CLIENT_ID'),
  GITHUB_CLIENT_ID: clientId('GitHub', 'Settings → Developer settings → OAuth Apps'),
  GITHUB_CLIENT_SECRET: clientSecret('GITHUB_CLIENT_ID'),
  MICROSOFT_CLIENT_ID: clientId('Microsoft', 'Microsoft Entra admin center → App registrations'),
  MICROSOFT_CLIENT_SECRET: clientSecret('MICROSOFT_CLIENT_ID'),
  MICROSOFT_TENANT_ID: z
    .string()
    .regex(/^[\w.-]{1,100}$/, 'must be common, organizations, consumers, a tenant id or a tenant domain')
    .default('common')
    .register(envDocs, {
      description:
        'Which Microsoft accounts may sign in: `common` (work, school and personal accounts), `organizations` (work and school), `consumers` (personal), or one tenant (its id or domain).',
      example: 'contoso.onmicrosoft.com',
    }),
  SOCIAL_PROVIDERS_STAND_IN_URL: httpUrl.optional().register(envDocs, {
    description:
      "For tests only: send every call to Google, GitHub and Microsoft to this base instead, the provider's host first in the path (`https://api.github.com/user` becomes `<base>/api.github.com/user`). Sling's own tests point it at a stand-in on loopback. Never set it in production.",
    unset: "the providers' real endpoints",
  }),
};

const limits = {
  ENTERPRISE_LIMIT_PER_HOUR: count(1).default(100_000).register(envDocs, {
    description: 'API requests per hour of an Enterprise workspace (other plans have fixed limits; [rate limits](../api/rate-limits.md)).',
  }),
  ENTERPRISE_LIMIT_PER_MINUTE: count(1).default(1_000).register(envDocs, { description: 'API requests per minute of an Enterprise workspace.' }),
  AUTH_ATTEMPTS_PER_MINUTE: count(1).default(10).register(envDocs, {
    description:
      'Sign-in attempts (password, two-factor code or backup code, “Continue with SSO”), password resets and password changes, per address, endpoint and minute; one more answers `429 rate_limited` with `Retry-After` ([rate limits](../api/rate-limits.md#sign-in-and-password-attempts)).',
  }),
  ANON_LINKS_PER_MINUTE: count(1)
    .default(10)
    .register(envDocs, { description: 'Links one address may shorten per minute without an account (the home page).' }),
  ANON_LINKS_PER_DAY: count(1).default(100).register(envDocs, { description: 'Links one address may shorten per day without an account.' }),
  QUOTA_LINKS_PER_DAY_FREE: count(1)
    .default(500)
    .register(envDocs, { description: 'New links per workspace and day on the Free plan; past it, `429 quota_exceeded`.' }),
  QUOTA_LINKS_PER_DAY_PRO: count(1).default(10_000).register(envDocs, { description: 'New links per workspace and day on the Pro plan.' }),
  QUOTA_LINKS_PER_DAY_BUSINESS: count(1).default(100_000).register(envDocs, { description: 'New links per workspace and day on the Business plan.' }),
  QUOTA_LINKS_PER_DAY_ENTERPRISE: count(1)
    .optional()
    .register(envDocs, { description: 'New links per workspace and day on the Enterprise plan.', example: '1000000', unset: 'unlimited' }),
  QUOTA_LINKS_PER_DAY_ANONYMOUS: count(1)
    .default(10_000)
    .register(envDocs, { description: 'New links per day in the system workspace: all anonymous links (and `sling links create`) together.' }),
};

const safety = {
  ALTCHA_MAX_COUNTER: count(2).max(10_000_000, { error: 'must be at most 10000000' }).default(20_000).register(envDocs, {
    description:
      'The size of the ALTCHA proof of work asked of anonymous shortening and abuse reports: the largest counter a challenge asks for, about that many SHA-256 hashes in the browser.',
  }),
  REPORTS_PER_HOUR: count(1).default(10).register(envDocs, { description: 'Abuse reports accepted per address and hour (the `/report` form).' }),
  SAFETY_STRIKES_PER_HOUR: count(1).default(5).register(envDocs, {
    description:
      "`unsafe_url` refusals within an hour that pause an account's or an address's link creation for an hour (`429 unsafe_throttled`) and raise a review item.",
  }),
  SAFETY_FEEDS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    )
    .pipe(z.array(z.string().regex(/^(https?:\/\/[^/\s]+|[^:]+$)/i, 'must list http(s) URLs or file paths, separated by commas')))
    .default([])
    .register(envDocs, {
      description:
        'Threat feeds imported hourly and when workers start: `http(s)://` URLs or file paths, comma-separated ([safety](../guide/safety.md)). A destination a feed lists is refused for new links (`422 unsafe_url`), and existing links to it are blocked.',
      example: 'https://openphish.com/feed.txt,/etc/sling/hosts.txt',
      unset: 'no feeds',
    }),
  SAFETY_DEEP_SCAN: flag('true').register(envDocs, {
    description:
      'Fetch each new or changed destination in a background job, following redirects, and check every hop against the lists ([safety](../guide/safety.md)).',
    example: 'false',
  }),
  SAFETY_ALLOW_PRIVATE: flag('false').register(envDocs, {
    description: 'Let the deep scan reach loopback and private addresses (tests only; otherwise such a redirect chain is refused).',
  }),
  SAFETY_SCAN_TIMEOUT_MS: count(100)
    .max(120_000, { error: 'must be at most 120000 (ms)' })
    .default(15_000)
    .register(envDocs, { description: 'Milliseconds allowed for one deep scan, every redirect included.' }),
  SAFE_BROWSING_API_KEY: z.string().min(1).optional().register(envDocs, {
    description: 'A Google Safe Browsing v4 Lookup API key: with it, the deep scan also asks Safe Browsing about every address of the chain.',
    unset: 'Safe Browsing is not asked',
  }),
  SAFE_BROWSING_URL: httpUrl
    .default('https://safebrowsing.googleapis.com')
    .register(envDocs, { description: 'The Safe Browsing API origin: a compatible endpoint, or a test server.' }),
};

const analytics = {
  STORE_IP: flag('false').register(envDocs, {
    description: 'The older spelling of `PRIVACY_IP`: `true` is `full`, `false` is `none`. `PRIVACY_IP` wins when both are set.',
    example: 'true',
  }),
  // The instance's privacy defaults; each workspace may choose otherwise (docs/guide/privacy.md).
  PRIVACY_IP: z.enum(['full', 'anonymized', 'none'], { error: 'must be full, anonymized or none' }).optional().register(envDocs, {
    description:
      "What a click keeps of the visitor's IP address unless the workspace chooses otherwise: `full`, `anonymized` (IPv4 to its /24, IPv6 to its /48) or `none`. Unique visitors are counted in every mode, from a hash keyed with `SECRET_KEY` (salted by the day when the whole address is not kept).",
    example: 'anonymized',
    unset: '`STORE_IP`: `none` unless `STORE_IP=true`',
  }),
  PRIVACY_USER_AGENT: flag('true').register(envDocs, {
    description: "Keep the visitor's user agent with each click (device, browser and OS are kept either way) unless the workspace chooses otherwise.",
    example: 'false',
  }),
  PRIVACY_REFERRER: flag('true').register(envDocs, {
    description: 'Keep the referring page and its host with each click unless the workspace chooses otherwise.',
    example: 'false',
  }),
  PRIVACY_HONOR_OPT_OUT: flag('true').register(envDocs, {
    description: 'Honour `DNT: 1` and `Sec-GPC: 1`: such a click is counted with its country and kind of device only, unless the workspace chooses otherwise.',
    example: 'false',
  }),
  GEOIP_DB: z.string().min(1).optional().register(envDocs, {
    description: 'An IP-to-city `.mmdb` file to locate clicks with instead of the bundled one; read on the first click that needs it, off the event loop.',
    example: '/var/lib/geoip/GeoLite2-City.mmdb',
    unset: 'the bundled DB-IP Lite database',
  }),
  CLICK_FLUSH_MS: count(10)
    .max(1000, { error: 'must be at most 1000 (ms)' })
    .default(1000)
    .register(envDocs, { description: 'Milliseconds between writes of buffered clicks (10–1000).' }),
  ORPHAN_FLUSH_MS: count(10)
    .max(60_000, { error: 'must be at most 60000 (ms)' })
    .default(5000)
    .register(envDocs, { description: 'Milliseconds between writes of the orphan visit counts (10–60000; docs/guide/orphan-visits.md).' }),
  LIVE_STREAMS_PER_WORKSPACE: count(1).max(1000, { error: 'must be at most 1000' }).default(10).register(envDocs, {
    description: 'Live click streams (GET /api/v1/analytics/live) a workspace may hold open on each instance; the next is refused with 429.',
  }),
};

const jobs = {
  JOBS_MAINTENANCE_SECONDS: count(1)
    .max(3600, { error: 'must be at most 3600 (seconds)' })
    .default(60)
    .register(envDocs, { description: "Seconds between workers' looks for jobs lost with a dead worker (they are retried)." }),
  JOBS_POLL_SECONDS: count(1).max(60, { error: 'must be at most 60 (seconds)' }).default(30).register(envDocs, {
    description:
      "Seconds between an idle worker's polls of each job queue: a safety net, since a job sent by any Sling process wakes the workers at once (through PostgreSQL NOTIFY or Redis); scheduled jobs and retries start within this after they are due.",
  }),
  EVENTS_RETENTION_DAYS: count(1).max(3650, { error: 'must be at most 3650 (days)' }).default(30).register(envDocs, {
    description:
      "Days an event stays in the outbox after its webhook fan-out (longer while a delivery log row needs it); a link's history shows this far back.",
  }),
};

const webhooks = {
  WEBHOOKS_ALLOW_PRIVATE: flag('false').register(envDocs, {
    description: 'Let webhooks reach loopback and private addresses, and use `http://` for them (a receiver on the same host or network).',
  }),
  WEBHOOKS_TIMEOUT_MS: count(100)
    .max(60_000, { error: 'must be at most 60000 (ms)' })
    .default(10_000)
    .register(envDocs, { description: 'Milliseconds allowed for one webhook POST, answer included.' }),
  WEBHOOKS_RETRY_SCHEDULE: seconds('5,300,1800')
    .default('5,300,1800,7200,18000,36000,36000')
    .transform((v) => v.split(',').map(Number))
    .register(envDocs, {
      description: 'Seconds before each retry of a failed delivery, comma-separated (± 20 % jitter); after the last, the delivery is failed.',
    }),
  WEBHOOKS_DISABLE_AFTER_FAILURES: count(1).default(50).register(envDocs, {
    description:
      'An endpoint is turned off, and its owner mailed, after this many deliveries fail in a row (or after failing for `WEBHOOKS_DISABLE_AFTER_HOURS`).',
  }),
  WEBHOOKS_DISABLE_AFTER_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .positive({ error: 'must be a positive number of hours' })
    .default(120)
    .register(envDocs, {
      description:
        'An endpoint is turned off, and its owner mailed, after failing this many hours without a success (or `WEBHOOKS_DISABLE_AFTER_FAILURES` deliveries in a row).',
    }),
  WEBHOOKS_CONCURRENCY: count(1)
    .max(256, { error: 'must be at most 256' })
    .default(64)
    .register(envDocs, { description: 'Webhook POSTs in flight at once, per worker process.' }),
  WEBHOOKS_ENDPOINT_CONCURRENCY: count(1)
    .max(256, { error: 'must be at most 256' })
    .default(16)
    .register(envDocs, { description: 'Webhook POSTs in flight (and kept connections) per endpoint and worker, so a slow endpoint cannot hold every slot.' }),
  WEBHOOKS_POLL_MS: count(50).max(60_000, { error: 'must be at most 60000 (ms)' }).default(30_000).register(envDocs, {
    description:
      "Milliseconds between a worker's looks for new events and due deliveries when nothing tells it of any: recorded events wake every worker at once (a database notification), and a worker times the retries it scheduled from their due time, so this is a safety net (a worker that died mid-delivery: its deliveries are taken over at the next look after their lease ends).",
  }),
  TELEGRAM_API_URL: httpUrl.default('https://api.telegram.org').register(envDocs, {
    description:
      'The Telegram Bot API that Telegram notification channels post to (`<url>/bot<token>/sendMessage`); point it at your own Bot API server (`telegram-bot-api`) if you run one (on a private address it needs `WEBHOOKS_ALLOW_PRIVATE`).',
    example: 'http://telegram-bot-api:8081',
  }),
};

const favicons = {
  FAVICONS_ALLOW_PRIVATE: flag('false').register(envDocs, {
    description: 'Let the favicon fetcher reach loopback and private addresses (tests, private networks).',
  }),
  FAVICONS_TIMEOUT_MS: count(100)
    .max(60_000, { error: 'must be at most 60000 (ms)' })
    .default(3_000)
    .register(envDocs, { description: "Milliseconds allowed to fetch one site's favicon, redirects included." }),
};

/** The variables by section of the reference, in its order. */
export const ENV_GROUPS: readonly { title: string; vars: Record<string, z.ZodType> }[] = [
  { title: 'Server', vars: server },
  { title: 'Database', vars: database },
  { title: 'Redis', vars: redis },
  { title: 'Secrets', vars: secrets },
  { title: 'Link cache', vars: cache },
  { title: 'Custom domains', vars: customDomains },
  { title: 'TLS and ACME', vars: tls },
  { title: 'Mail', vars: mail },
  { title: 'Single sign-on', vars: sso },
  { title: 'Social sign-in', vars: social },
  { title: 'Rate limits and quotas', vars: limits },
  { title: 'Safety and abuse', vars: safety },
  { title: 'Analytics', vars: analytics },
  { title: 'Background jobs', vars: jobs },
  { title: 'Webhooks', vars: webhooks },
  { title: 'Favicons', vars: favicons },
];

export const EnvSchema = z.object({
  ...server,
  ...database,
  ...redis,
  ...secrets,
  ...cache,
  ...customDomains,
  ...tls,
  ...mail,
  ...sso,
  ...social,
  ...limits,
  ...safety,
  ...analytics,
  ...jobs,
  ...webhooks,
  ...favicons,
});
