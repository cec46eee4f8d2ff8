// "Test connection" for an OpenID Connect provider, each check reported on its own: the discovery
// document is fetched, names the configured issuer, its JWKS answers with keys, and the token
// endpoint accepts the client id and secret. That last one sends a made-up authorization code:
// a provider that knows the client answers invalid_grant (the code is bad, the credentials good),
// one that does not answers invalid_client. Requests refuse private addresses unless
// SSO_ALLOW_PRIVATE_ISSUERS; redirects are not followed.
import { randomBytes } from 'node:crypto';
import type { SsoCheck, SsoEndpoints } from '../../db/schema';
import { CheckFailed, fetchChecked, type CheckRequest, type TestOptions } from './check-fetch';

export interface TestInput {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export type { TestOptions } from './check-fetch';

export interface TestResult {
  passed: boolean;
  checks: SsoCheck[];
  endpoints: SsoEndpoints | null;
}

const LABELS: Partial<Record<SsoCheck['id'], string>> = {
  discovery: 'Discovery document fetched',
  issuer: 'Issuer matches',
  jwks: 'Signing keys (JWKS) reachable',
  client: 'Client ID and secret accepted',
};

async function get(url: string, opts: TestOptions, init: CheckRequest = {}): Promise<{ status: number; body: unknown }> {
  const { status, text } = await fetchChecked(url, opts, init);
  try {
    return { status, body: JSON.parse(text) };
  } catch {
    return { status, body: null };
  }
}

const trimSlash = (u: string) => u.replace(/\/+$/, '');
const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);

export async function testOidcConnection(input: TestInput, opts: TestOptions): Promise<TestResult> {
  const checks: SsoCheck[] = [];
  const report = (id: SsoCheck['id'], status: SsoCheck['status'], detail: string) => checks.push({ id, label: LABELS[id]!, status, detail });
  const skipRest = (from: SsoCheck['id'][]) => from.forEach((id) => report(id, 'skipped', 'Not checked: an earlier check failed.'));

  const discoveryUrl = `${trimSlash(input.issuer)}/.well-known/openid-configuration`;
  let doc: Record<string, unknown>;
  try {
    const { status, body } = await get(discoveryUrl, opts);
    if (status !== 200) throw new CheckFailed(`${discoveryUrl} answered HTTP ${status}.`);
    if (!body || typeof body !== 'object') throw new CheckFailed(`${discoveryUrl} did not answer with JSON.`);
    doc = body as Record<string, unknown>;
    const missing = ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri'].filter((k) => !str(doc[k]));
    if (missing.length) throw new CheckFailed(`The discovery document lacks ${missing.join(', ')}.`);
    report('discovery', 'passed', discoveryUrl);
  } catch (err) {
    report('discovery', 'failed', err instanceof CheckFailed ? err.message : 'The discovery document could not be read.');
    skipRest(['issuer', 'jwks', 'client']);
    return { passed: false, checks, endpoints: null };
  }

  const endpoints: SsoEndpoints = {
    authorization: String(doc.authorization_endpoint),
    token: String(doc.token_endpoint),
    jwks: String(doc.jwks_uri),
    userinfo: str(doc.userinfo_endpoint),
    tokenAuthMethods: Array.isArray(doc.token_endpoint_auth_methods_supported)
      ? doc.token_endpoint_auth_methods_supported.map(String)
      : ['client_secret_basic'],
  };

  if (doc.issuer === input.issuer || trimSlash(String(doc.issuer)) === trimSlash(input.issuer)) report('issuer', 'passed', String(doc.issuer));
  else report('issuer', 'failed', `The provider calls itself "${String(doc.issuer)}", not "${input.issuer}"; use its issuer exactly.`);

  try {
    const { status, body } = await get(endpoints.jwks, opts);
    const keys = (body as { keys?: unknown } | null)?.keys;
    if (status !== 200) throw new CheckFailed(`${endpoints.jwks} answered HTTP ${status}.`);
    if (!Array.isArray(keys) || keys.length === 0) throw new CheckFailed(`${endpoints.jwks} lists no keys.`);
    report('jwks', 'passed', `${keys.length} key${keys.length === 1 ? '' : 's'} at ${endpoints.jwks}`);
  } catch (err) {
    report('jwks', 'failed', err instanceof CheckFailed ? err.message : 'The signing keys could not be read.');
  }

  report('client', ...(await checkClient(input, endpoints, opts)));
  return { passed: checks.every((c) => c.status !== 'failed'), checks, endpoints };
}

async function checkClient(input: TestInput, endpoints: SsoEndpoints, opts: TestOptions): Promise<[SsoCheck['status'], string]> {
  const post = !endpoints.tokenAuthMethods.includes('client_secret_basic') && endpoints.tokenAuthMethods.includes('client_secret_post');
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: `sling-test-${randomBytes(12).toString('hex')}`,
    redirect_uri: input.redirectUri,
  });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  if (post) {
    form.set('client_id', input.clientId);
    form.set('client_secret', input.clientSecret);
  } else {
    const enc = (v: string) => encodeURIComponent(v);
    headers.authorization = `Basic ${Buffer.from(`${enc(input.clientId)}:${enc(input.clientSecret)}`).toString('base64')}`;
  }
  try {
    const { status, body } = await get(endpoints.token, opts, { method: 'POST', headers, body: form.toString() });
    const error = str((body as { error?: unknown } | null)?.error);
    if (error === 'invalid_client' || error === 'unauthorized_client' || status === 401) {
      return ['failed', `The token endpoint refused the client ID or secret (${error ?? `HTTP ${status}`}).`];
    }
    if (error === 'invalid_grant') return ['passed', 'The token endpoint knows this client (it refused only the test code).'];
    return ['skipped', `The provider's answer (${error ?? `HTTP ${status}`}) does not tell; it is checked at the first sign-in.`];
  } catch (err) {
    return ['failed', err instanceof CheckFailed ? err.message : 'The token endpoint could not be reached.'];
  }
}
