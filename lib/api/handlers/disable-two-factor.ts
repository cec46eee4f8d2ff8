// Turning 2FA off needs the password and a current code (better-auth alone asks for the password).
// The body is parsed by lib/openapi/operations/account.ts.
import { isAPIError } from 'better-auth/api';
import { AppError, invalidField } from '../../core/errors';
import type { WorkspaceRequest } from '../../http/with-workspace';
import * as ops from '../../openapi/operations/account';
import { operationHandler } from '../../http/operation';
import { loadAuth } from '../../auth/load-auth';

export async function disableTwoFactor(headers: Headers, input: { password: string; code: string }): Promise<void> {
  const auth = await loadAuth();
  try {
    await auth.api.verifyTOTP({ body: { code: input.code }, headers });
  } catch (err) {
    if (isAPIError(err)) throw invalidField('code', 'That code is not valid.');
    throw err;
  }
  try {
    await auth.api.disableTwoFactor({ body: { password: input.password }, headers });
  } catch (err) {
    if (isAPIError(err))
      throw new AppError(err.statusCode === 401 ? 'unauthorized' : 'invalid_request', err.message || 'Could not disable two-factor authentication.', {
        password: 'Check your password.',
      });
    throw err;
  }
}

/** POST /api/v1/two-factor/disable {password, code} */
export const disableTwoFactorRoute = operationHandler(ops.disableTwoFactor, async ({ req }: WorkspaceRequest<object>, { body }) => {
  await disableTwoFactor(req.headers, body);
  return new Response(null, { status: 204 });
});
