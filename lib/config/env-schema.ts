// The environment schema, grouped as the configuration reference shows it: each variable's rule,
// default and documentation sit in its group's file (env-platform.ts, env-domains.ts, env-sign-in.ts,
// env-features.ts); docs/self-hosting/configuration-reference.md is rendered from here by
// `npm run docs:references`.
import { z } from 'zod';
import { analytics, favicons, jobs, limits, safety, webhooks } from './env-features';
import { customDomains, mail, tls } from './env-domains';
import { cache, database, redis, secrets, server } from './env-platform';
import { social, sso } from './env-sign-in';

export { type EnvDoc, envDocs } from './env-fields';

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
