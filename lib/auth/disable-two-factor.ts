// Turning 2FA off needs the password and a current code (better-auth alone asks for the password).
import { isAPIError } from 'better-auth/api';
import { AppError, invalidField } from '../http/errors';
import { readJsonBody } from '../http/read-json-body';
import { getAuth } from './auth';

export async function disableTwoFactor(req: Request): Promise<void> {
  const body = (await readJsonBody(req)) as { password?: unknown; code?: unknown };
  if (typeof body.password !== 'string' || !body.password) throw invalidField('password', 'Enter your password.');
  if (typeof body.code !== 'string' || !/^\d{6}$/.test(body.code.trim())) throw invalidField('code', 'Enter the 6-digit code from your app.');
  const auth = await getAuth();
  try {
    await auth.api.verifyTOTP({ body: { code: body.code.trim() }, headers: req.headers });
  } catch (err) {
    if (isAPIError(err)) throw invalidField('code', 'That code is not valid.');
    throw err;
  }
  try {
    await auth.api.disableTwoFactor({ body: { password: body.password }, headers: req.headers });
  } catch (err) {
    if (isAPIError(err)) throw new AppError(err.statusCode === 401 ? 'unauthorized' : 'invalid_request', err.message || 'Could not disable two-factor authentication.', { password: 'Check your password.' });
    throw err;
  }
}
