// "Continue with SSO": the address's domain picks the enabled connection, and @better-auth/sso makes
// the authorization request (state, PKCE) — its state cookie is passed on with the answer.
import { getAuth } from '../auth/auth';
import { safeNextPath } from '../auth/safe-next-path';
import { loadConfig } from '../config/load-config';
import { database } from '../db/database';
import { assertSameOrigin } from '../http/check-origin';
import { AppError } from '../http/errors';
import { readJsonBody } from '../http/read-json-body';
import { parseBody } from '../schemas/domain';
import { ZStartSso } from '../schemas/sso-connection';
import { enabledConnectionForEmail } from './enabled-connection';

export async function startSso(req: Request): Promise<Response> {
  const config = loadConfig();
  assertSameOrigin(req, config.BASE_URL);
  const { email, next } = parseBody(ZStartSso, await readJsonBody(req));
  const { db } = await database();
  const connection = await enabledConnectionForEmail(db, email);
  if (!connection) {
    throw new AppError('not_found', 'Single sign-on is not set up for this email domain; sign in with your password.', { email: 'No SSO for this domain.' });
  }
  const auth = await getAuth();
  const destination = `${config.BASE_URL}${safeNextPath(next) ?? '/links'}`;
  const { headers, response } = await auth.api.signInSSO({
    body: {
      providerId: connection.id,
      loginHint: email,
      callbackURL: destination,
      errorCallbackURL: `${config.BASE_URL}/login`,
      scopes: connection.scopes,
    },
    headers: req.headers,
    returnHeaders: true,
  });
  const out = new Headers({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  for (const cookie of headers.getSetCookie()) out.append('set-cookie', cookie);
  return new Response(JSON.stringify({ url: response.url }), { status: 200, headers: out });
}
