// AUTH_ATTEMPTS_PER_MINUTE: sign-in, password and two-factor attempts per address and path
// (docs/api/rate-limits.md#sign-in-and-password-attempts). better-auth counts the paths it answers
// itself (auth.ts's customRules); "Continue with SSO" is counted here, before Sling looks the
// address's domain up (start-sso.ts), so an address without SSO counts too, and better-auth leaves
// that path to Sling rather than count it twice. Both count in the same limiter under the same key.
import { getIP } from 'better-auth/api';
import type { Config } from '../config/env';
import { CLIENT_IP_HEADER } from '../core/client-ip-header';
import { authLimiter } from './shared-rate-limit-storage';

/** better-auth's `advanced.ipAddress`: server.ts puts the visitor's address (after TRUST_PROXY) in this header. */
export const IP_ADDRESS_OPTIONS = { ipAddressHeaders: [CLIENT_IP_HEADER] };

/** The rule for every sign-in step: AUTH_ATTEMPTS_PER_MINUTE in a minute. */
export const attemptRule = (config: Pick<Config, 'AUTH_ATTEMPTS_PER_MINUTE'>) => ({ window: 60, max: config.AUTH_ATTEMPTS_PER_MINUTE });

/** Counts one attempt at `path` (as better-auth names it) from the request's address; throws 429 rate_limited over the limit. */
export async function countSignInAttempt(req: Request, path: string, config: Pick<Config, 'AUTH_ATTEMPTS_PER_MINUTE'>): Promise<void> {
  // better-auth's key: the address as it reads it (an IPv6 address by its /64), with its name for an unknown one.
  const ip = getIP(req, { advanced: { ipAddress: IP_ADDRESS_OPTIONS } }) ?? 'no-trusted-ip';
  await authLimiter(attemptRule(config)).consume(`${ip}|${path}`);
}
