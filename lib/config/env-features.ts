// Environment variables of the features: rate limits and quotas, safety, analytics, background
// jobs, webhooks and favicons.
import { z } from 'zod';
import { count, envDocs, flag, httpUrl, seconds } from './env-fields';

export const limits = {
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

export const safety = {
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

export const analytics = {
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

export const jobs = {
  JOBS_MAINTENANCE_SECONDS: count(1)
    .max(3600, { error: 'must be at most 3600 (seconds)' })
    .default(60)
    .register(envDocs, { description: "Seconds between workers' looks for jobs lost with a dead worker (they are retried)." }),
  JOBS_POLL_SECONDS: count(1).max(60, { error: 'must be at most 60 (seconds)' }).default(30).register(envDocs, {
    description:
      "Seconds between an idle worker's polls of each job queue: a safety net, since a job sent by any Sling process, cron's included, wakes the workers at once (through PostgreSQL NOTIFY or Redis); retries start within this after they are due.",
  }),
  EVENTS_RETENTION_DAYS: count(1).max(3650, { error: 'must be at most 3650 (days)' }).default(30).register(envDocs, {
    description:
      "Days an event stays in the outbox after its webhook fan-out (longer while a delivery log row needs it); a link's history shows this far back.",
  }),
};

export const webhooks = {
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

export const favicons = {
  FAVICONS_ALLOW_PRIVATE: flag('false').register(envDocs, {
    description: 'Let the favicon fetcher reach loopback and private addresses (tests, private networks).',
  }),
  FAVICONS_TIMEOUT_MS: count(100)
    .max(60_000, { error: 'must be at most 60000 (ms)' })
    .default(3_000)
    .register(envDocs, { description: "Milliseconds allowed to fetch one site's favicon, redirects included." }),
};
