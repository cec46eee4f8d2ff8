// A real OpenID provider on loopback: `oidc-provider` (authorization code + PKCE, ID tokens signed
// with its own keys, discovery and JWKS served as any IdP does). Its development sign-in page takes
// any login name (the test uses the email address) and any password, then asks for consent.
import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

/** `port` is chosen beforehand: Sling's callback URL (with the connection id) must be known to the client. */
export async function startIdp(port: number, redirectUris: string[], names: Record<string, string> = {}): Promise<TestIdp> {
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'sling-test-client';
  const clientSecret = 'idp-secret-7f3a9c2e5b1d';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    // Claims in the ID token itself (the relying party reads them from there).
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({ sub, email: sub, email_verified: true, name: names[sub] ?? sub.split('@')[0] }),
    }),
    cookies: { keys: ['oidc-test-cookie-key-0123456789'] },
  });
  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
