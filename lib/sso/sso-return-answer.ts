// Where the identity provider sends the browser back (the OpenID Connect callback, the SAML ACS),
// at Sling's HTTP boundary (handle-auth-request.ts): every refusal by better-auth or
// @better-auth/sso (a redirect carrying `error`, or a 4xx/5xx answer) ends on the sign-in page with
// its code and reason, which the page puts in words (sso-error-message.ts). A browser coming back
// from its provider never sees a bare JSON error, a 500 or better-auth's own error page.
import { loadConfig } from '../config/load-config';

export const isOidcCallbackPath = (path: string) => /^\/sso\/callback\/[^/]+$/.test(path);
export const isSamlAcsPath = (path: string) => /^\/sso\/saml2\/sp\/acs\/[^/]+$/.test(path);

function toLogin(baseUrl: string, error: string, description: string | null): Response {
  const q = new URLSearchParams({ error: error.slice(0, 100) });
  if (description) q.set('error_description', description.slice(0, 200));
  return new Response(null, { status: 302, headers: { location: `${baseUrl}/login?${q}` } });
}

/** The answer as the browser should get it: success as is, any refusal sent to /login; `refused` names one without a code of its own. */
export async function ssoReturnAnswer(res: Response, refused: string): Promise<Response> {
  const baseUrl = loadConfig().BASE_URL;
  if (res.status >= 300 && res.status < 400) {
    const location = res.headers.get('location');
    const target = location && URL.canParse(location, baseUrl) ? new URL(location, baseUrl) : null;
    const error = target?.searchParams.get('error');
    if (!error) return res;
    const out = toLogin(baseUrl, error, target!.searchParams.get('error_description'));
    // No session cookie comes with a refusal, but keep whatever else better-auth cleared.
    for (const cookie of res.headers.getSetCookie()) out.headers.append('set-cookie', cookie);
    return out;
  }
  if (res.status < 400) return res;
  let message: string | null = null;
  try {
    const body = (await res.json()) as { message?: unknown; error?: { message?: unknown } };
    const m = body.error?.message ?? body.message;
    message = typeof m === 'string' ? m : null;
  } catch {
    message = null;
  }
  const code = res.status === 404 ? 'unknown_connection' : res.status === 429 ? 'rate_limited' : refused;
  return toLogin(baseUrl, code, message ?? 'The identity provider’s answer could not be used');
}
