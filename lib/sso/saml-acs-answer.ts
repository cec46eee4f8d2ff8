// The SAML endpoints at Sling's HTTP boundary (handle-auth-request.ts):
// - the ACS: every refusal by @better-auth/sso (a redirect carrying `error`, or a 4xx/5xx answer)
//   ends on the sign-in page with the reason shown, as an OpenID Connect refusal does; a browser
//   posting the IdP's form never sees a bare JSON error or a 500;
// - the SP metadata, built by samlify from the connection (drafts too: the IdP is set up before
//   the connection is enabled), 404 for anything but a SAML connection.
import { eq } from 'drizzle-orm';
import * as samlifyNs from 'samlify';
import { ssoConnections } from '../../db/schema';
import { loadConfig } from '../config/load-config';
import { database } from '../db/database';
import { AppError } from '../core/errors';
import { SAML_BINDING_POST } from './saml-idp-metadata';
import { samlAcsUrl, samlSpEntityId } from './saml-urls';

// samlify is CommonJS: its namespace has every export only under `default` when loaded as ESM.
const samlify = ((samlifyNs as unknown as { default?: typeof samlifyNs }).default ?? samlifyNs) as typeof samlifyNs;

export const isSamlAcsPath = (path: string) => /^\/sso\/saml2\/sp\/acs\/[^/]+$/.test(path);
export const SP_METADATA_PATH = '/sso/saml2/sp/metadata';

function toLogin(baseUrl: string, error: string, description: string | null): Response {
  const q = new URLSearchParams({ error: error.slice(0, 100) });
  if (description) q.set('error_description', description.slice(0, 200));
  return new Response(null, { status: 302, headers: { location: `${baseUrl}/login?${q}` } });
}

/** The ACS answer as the browser should get it: success as is, any refusal sent to /login. */
export async function samlAcsAnswer(res: Response): Promise<Response> {
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
  return toLogin(baseUrl, res.status === 404 ? 'unknown_connection' : 'invalid_saml_response', message ?? 'The identity provider’s answer could not be used');
}

/** GET /api/auth/sso/saml2/sp/metadata?providerId=<connection id> */
export async function spMetadataAnswer(req: Request): Promise<Response> {
  const id = new URL(req.url).searchParams.get('providerId') ?? '';
  const { db } = await database();
  const [row] = /^[0-9a-f-]{36}$/.test(id)
    ? await db.select({ id: ssoConnections.id, saml: ssoConnections.saml }).from(ssoConnections).where(eq(ssoConnections.id, id)).limit(1)
    : [];
  if (!row?.saml) throw new AppError('not_found', 'No SAML connection has this id.');
  const baseUrl = loadConfig().BASE_URL;
  const xml = samlify
    .SPMetadata({
      entityID: samlSpEntityId(baseUrl, row.id),
      assertionConsumerService: [{ Binding: SAML_BINDING_POST, Location: samlAcsUrl(baseUrl, row.id) }],
      wantAssertionsSigned: true,
      authnRequestsSigned: false,
      nameIDFormat: ['urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'],
    })
    .getMetadata();
  return new Response(xml, { headers: { 'content-type': 'application/samlmetadata+xml; charset=utf-8', 'cache-control': 'no-store' } });
}
