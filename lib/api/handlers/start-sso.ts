// "Continue with SSO" (POST /api/auth/sign-in/sso {email, callbackURL?}): the address's proven
// domain picks the enabled connection, and the request goes on to @better-auth/sso as
// {providerId, …}, which answers {url} and sets its state cookie (state, PKCE). Callers never name
// a provider themselves. It stays an HTTP request so better-auth works out its trusted origins for
// it (the enabled providers', with SSO_ALLOW_PRIVATE_ISSUERS). Each request is a sign-in attempt,
// counted before the domain is looked up (AUTH_ATTEMPTS_PER_MINUTE, sign-in-attempts.ts).
import { safeNextPath } from '../../auth/safe-next-path';
import { countSignInAttempt } from '../../auth/sign-in-attempts';
import { loadConfig } from '../../config/load-config';
import { database } from '../../db/database';
import { AppError } from '../../core/errors';
import { readJsonBody } from '../../http/read-json-body';
import { parseBody } from '../../domains/domain-schema';
import { ZStartSso } from '../../sso/sso-connection-schema';
import { enabledConnectionForEmail } from '../../sso/enabled-connection';

export async function ssoSignInRequest(req: Request): Promise<Request> {
  const config = loadConfig();
  await countSignInAttempt(req, '/sign-in/sso', config);
  const { email, callbackURL } = parseBody(ZStartSso, await readJsonBody(req));
  const connection = await enabledConnectionForEmail((await database()).db, email);
  if (!connection) {
    throw new AppError('not_found', 'Single sign-on is not set up for this email domain; sign in with your password.', { email: 'No SSO for this domain.' });
  }
  const body = {
    providerId: connection.id,
    loginHint: email,
    callbackURL: `${config.BASE_URL}${safeNextPath(callbackURL) ?? '/links'}`,
    errorCallbackURL: `${config.BASE_URL}/login`,
    scopes: connection.scopes,
  };
  const headers = new Headers(req.headers);
  headers.delete('content-length');
  return new Request(req.url, { method: 'POST', headers, body: JSON.stringify(body) });
}
