// The one refusal of better-auth endpoints the policy does not serve over HTTP (endpoint-policy.ts).
import { createAuthMiddleware } from 'better-auth/api';
import { AppError } from '../http/errors';
import { errorResponse } from '../http/json-response';
import { servedOverHttp } from './endpoint-policy';

/**
 * better-auth `hooks.before`: runs after its router matched the endpoint, so `ctx.path` is the
 * endpoint's declared path (e.g. `/callback/:id`) whatever the URL's spelling. Only HTTP requests
 * carry `ctx.request`; Sling's own server-side calls (`auth.api.*`) pass, e.g. disableTwoFactor
 * behind POST /api/v1/two-factor/disable, which checks a code first.
 */
export const refuseUnservedEndpoints = createAuthMiddleware(async (ctx) => {
  if (ctx.request && !servedOverHttp(ctx.path)) return refusedEndpoint();
});

export function refusedEndpoint(): Response {
  return errorResponse(new AppError('not_found', 'There is no such endpoint.'));
}
