// The one refusal of better-auth endpoints the policy does not serve over HTTP (endpoint-policy.ts).
import { createAuthMiddleware } from 'better-auth/api';
import { AppError } from '../http/errors';
import { errorResponse } from '../http/json-response';
import { servedOverHttp } from './endpoint-policy';
import { assertSignupAllowed } from '../admin/assert-signup-allowed';
import type { Db } from '../db/types';

/**
 * better-auth `hooks.before`: runs after its router matched the endpoint, so `ctx.path` is the
 * endpoint's declared path (e.g. `/callback/:id`) whatever the URL's spelling. Only HTTP requests
 * carry `ctx.request`; Sling's own server-side calls (`auth.api.*`) pass, e.g. disableTwoFactor
 * behind POST /api/v1/two-factor/disable, which checks a code first.
 */
export const refuseUnservedEndpoints = createAuthMiddleware(async (ctx) => {
  if (ctx.request && !servedOverHttp(ctx.path)) return refusedEndpoint();
});

/** The same refusal, then sign-ups over HTTP gated by the instance setting (the CLI's are not). */
export function refuseUnservedOrGated(db: Db) {
  return createAuthMiddleware(async (ctx) => {
    if (!ctx.request) return;
    if (!servedOverHttp(ctx.path)) return refusedEndpoint();
    if (ctx.path !== '/sign-up/email') return;
    try {
      await assertSignupAllowed(db, (ctx.body as { email?: unknown } | undefined)?.email);
    } catch (err) {
      return errorResponse(err);
    }
  });
}

export function refusedEndpoint(): Response {
  return errorResponse(new AppError('not_found', 'There is no such endpoint.'));
}
