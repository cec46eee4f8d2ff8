// Google, GitHub and Microsoft as Sling meets them at sign-in, on loopback: each provider's real
// paths under `<url>/<host>` (Sling's SOCIAL_PROVIDERS_STAND_IN_URL), speaking its protocol —
// authorization code with PKCE, client authentication at the token endpoint, GitHub's token answer as
// JSON or a form by Accept, RS256 ID tokens with each provider's claims, GitHub's /user and
// /user/emails, Google's userinfo, Graph's /me. Its "consent screen" approves at once as the person
// the test chose (`signInAs`); with nobody chosen it answers access_denied, as a person declining.
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Provider = 'google' | 'github' | 'microsoft';

export interface Person {
  /** GitHub's numeric id, Google's sub, Microsoft's oid. */
  id: string;
  email: string;
  /** Whether the provider vouches for the address. */
  verified: boolean;
  name: string;
}

export interface OAuthProviders {
  url: string;
  clients: Record<Provider, { id: string; secret: string }>;
  /** The env that points Sling at this stand-in with these clients. */
  env: Record<string, string>;
  /** Who approves the next authorization at `provider` (null: declines). */
  signInAs(provider: Provider, person: Person | null): void;
  /** Paths requested, in order (`GET /api.github.com/user`). */
  requests: string[];
  close(): Promise<void>;
}

const MICROSOFT_TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

function jwt(claims: Record<string, unknown>): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const input = `${part({ alg: 'RS256', typ: 'JWT', kid: 'stand-in-1' })}.${part(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`;
}

type Grant = { provider: Provider; person: Person; redirectUri: string; challenge: string; nonce?: string; scope: string; used: boolean };

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

export async function startOAuthProviders(): Promise<OAuthProviders> {
  const clients: Record<Provider, { id: string; secret: string }> = {
    google: { id: '123456789-stand-in.apps.googleusercontent.com', secret: 'GOCSPX-stand-in-secret' },
    github: { id: 'Iv1.standin0123456789', secret: 'github-stand-in-secret-0123456789abcdef' },
    microsoft: { id: '5f1a7c3e-0b8d-4e2a-9c6f-3d2b1a0e9f87', secret: 'microsoft~stand-in~secret' },
  };
  const people: Record<Provider, Person | null> = { google: null, github: null, microsoft: null };
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, Grant>();
  const requests: string[] = [];
  let origin = '';

  const authorize = (provider: Provider, url: URL, res: ServerResponse) => {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri') ?? '';
    if (q.get('client_id') !== clients[provider].id || !redirectUri.startsWith('http')) return send(res, 400, 'unknown client or redirect_uri', 'text/plain');
    const back = new URL(redirectUri);
    back.searchParams.set('state', q.get('state') ?? '');
    const person = people[provider];
    if (q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge'))
      back.searchParams.set('error', 'invalid_request');
    else if (!person) back.searchParams.set('error', 'access_denied');
    else {
      const code = randomBytes(16).toString('hex');
      grants.set(code, {
        provider,
        person,
        redirectUri,
        challenge: q.get('code_challenge') ?? '',
        nonce: q.get('nonce') ?? undefined,
        scope: q.get('scope') ?? '',
        used: false,
      });
      back.searchParams.set('code', code);
    }
    res.writeHead(302, { location: back.href });
    res.end();
  };

  const token = async (provider: Provider, req: IncomingMessage, res: ServerResponse) => {
    const form = new URLSearchParams(await readBody(req));
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const [basicId, basicSecret] = basic ? Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent) : [];
    const clientId = form.get('client_id') ?? basicId;
    const secret = form.get('client_secret') ?? basicSecret;
    const grant = grants.get(form.get('code') ?? '');
    const verifier = form.get('code_verifier') ?? '';
    const refusal =
      clientId !== clients[provider].id || secret !== clients[provider].secret
        ? 'invalid_client'
        : !grant || grant.used || grant.provider !== provider || grant.redirectUri !== form.get('redirect_uri')
          ? provider === 'github'
            ? 'bad_verification_code'
            : 'invalid_grant'
          : createHash('sha256').update(verifier).digest('base64url') !== grant.challenge
            ? 'invalid_grant'
            : null;
    if (refusal || !grant) {
      // GitHub answers a refused exchange with 200 and an error field; the others with 400 (or 401).
      return send(res, provider === 'github' ? 200 : refusal === 'invalid_client' ? 401 : 400, { error: refusal });
    }
    grant.used = true;
    const accessToken = `${provider}-at-${randomBytes(12).toString('hex')}`;
    tokens.set(accessToken, grant);
    const { person } = grant;
    const now = Math.floor(Date.now() / 1000);
    if (provider === 'github') {
      const answer = { access_token: accessToken, token_type: 'bearer', scope: 'read:user,user:email' };
      if ((req.headers.accept ?? '').includes('application/json')) return send(res, 200, answer);
      return send(res, 200, new URLSearchParams(answer).toString(), 'application/x-www-form-urlencoded; charset=utf-8');
    }
    const idToken =
      provider === 'google'
        ? jwt({
            iss: 'https://accounts.google.com',
            azp: clients.google.id,
            aud: clients.google.id,
            sub: person.id,
            email: person.email,
            email_verified: person.verified,
            name: person.name,
            iat: now,
            exp: now + 3600,
            ...(grant.nonce ? { nonce: grant.nonce } : {}),
          })
        : jwt({
            ver: '2.0',
            iss: `https://login.microsoftonline.com/${MICROSOFT_TENANT}/v2.0`,
            aud: clients.microsoft.id,
            sub: `pairwise-${person.id}`,
            oid: person.id,
            tid: MICROSOFT_TENANT,
            email: person.email,
            name: person.name,
            preferred_username: person.email,
            ...(person.verified ? { xms_edov: true } : {}),
            iat: now,
            nbf: now,
            exp: now + 3600,
            ...(grant.nonce ? { nonce: grant.nonce } : {}),
          });
    send(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3599, scope: grant.scope, id_token: idToken });
  };

  const api = (provider: Provider, path: string, req: IncomingMessage, res: ServerResponse) => {
    const bearer = /^(?:Bearer|token) (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const grant = tokens.get(bearer);
    if (!grant || grant.provider !== provider) return send(res, 401, { message: 'Bad credentials' });
    const { person } = grant;
    if (path === '/api.github.com/user')
      return send(res, 200, { id: Number(person.id), login: person.name.toLowerCase().replace(/\W+/g, '-'), name: person.name, email: null, avatar_url: null });
    if (path === '/api.github.com/user/emails')
      return send(res, 200, [
        { email: `${person.id}+${person.name.split(' ')[0].toLowerCase()}@users.noreply.github.com`, primary: false, verified: true, visibility: null },
        { email: person.email, primary: true, verified: person.verified, visibility: 'private' },
      ]);
    if (path === '/openidconnect.googleapis.com/v1/userinfo')
      return send(res, 200, { sub: person.id, email: person.email, email_verified: person.verified, name: person.name });
    if (path === '/graph.microsoft.com/v1.0/me')
      return send(res, 200, { id: person.id, displayName: person.name, mail: person.email, userPrincipalName: person.email });
    send(res, 404, { message: 'Not Found' });
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    requests.push(`${req.method} ${url.pathname}`);
    const path = url.pathname;
    const route = async () => {
      if (req.method === 'GET' && path === '/github.com/login/oauth/authorize') return authorize('github', url, res);
      if (req.method === 'POST' && path === '/github.com/login/oauth/access_token') return token('github', req, res);
      if (req.method === 'GET' && path === '/accounts.google.com/o/oauth2/v2/auth') return authorize('google', url, res);
      if (req.method === 'POST' && path === '/oauth2.googleapis.com/token') return token('google', req, res);
      const microsoft = /^\/login\.microsoftonline\.com\/[\w.-]+\/oauth2\/v2\.0\/(authorize|token)$/.exec(path)?.[1];
      if (req.method === 'GET' && microsoft === 'authorize') return authorize('microsoft', url, res);
      if (req.method === 'POST' && microsoft === 'token') return token('microsoft', req, res);
      if (req.method === 'GET' && path.startsWith('/api.github.com/')) return api('github', path, req, res);
      if (req.method === 'GET' && path.startsWith('/openidconnect.googleapis.com/')) return api('google', path, req, res);
      if (req.method === 'GET' && path.startsWith('/graph.microsoft.com/')) return api('microsoft', path, req, res);
      send(res, 404, { error: 'not_found' });
    };
    route().catch(() => send(res, 500, { error: 'server_error' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    clients,
    env: {
      SOCIAL_PROVIDERS_STAND_IN_URL: origin,
      GOOGLE_CLIENT_ID: clients.google.id,
      GOOGLE_CLIENT_SECRET: clients.google.secret,
      GITHUB_CLIENT_ID: clients.github.id,
      GITHUB_CLIENT_SECRET: clients.github.secret,
      MICROSOFT_CLIENT_ID: clients.microsoft.id,
      MICROSOFT_CLIENT_SECRET: clients.microsoft.secret,
    },
    signInAs: (provider, person) => {
      people[provider] = person;
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
