// The one refusal of better-auth endpoints the policy does not serve over HTTP (endpoint-policy.ts);
// auth.ts's `hooks.before` answers with it.
import { AppError } from '../core/errors';
import { errorResponse } from '../core/json-response';

export function refusedEndpoint(): Response {
  return errorResponse(new AppError('not_found', 'There is no such endpoint.'));
}
