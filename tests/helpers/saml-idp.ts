// A real SAML 2.0 identity provider on loopback: samlify as the IdP, signing its assertions with a
// generated RSA key and self-signed certificate (@peculiar/x509). It serves its metadata, trusts a
// service provider by fetching that SP's metadata (Sling's entity ID is its metadata URL), and
// - SP-initiated: GET /sso takes the SP's AuthnRequest (HTTP-Redirect binding), shows a sign-in
//   form; POST /sso/login answers with a page that posts the signed response to the SP's ACS;
// - IdP-initiated: GET /launch?sp=<entity id> shows the same form, and its response answers no
//   request (no InResponseTo).
// `respond()` builds a response directly, with overrides a test uses to make a bad one.
import { randomUUID, webcrypto } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import * as x509 from '@peculiar/x509';
import * as samlifyNs from 'samlify';

// samlify is CommonJS: its namespace has every export only under `default` when loaded as ESM.
const samlify = ((samlifyNs as unknown as { default?: typeof samlifyNs }).default ?? samlifyNs) as typeof samlifyNs;
// The IdP side parses only AuthnRequests it was sent by the test's own SP; no schema check needed.
samlify.setSchemaValidator({ validate: async () => 'skipped' });
x509.cryptoProvider.set(webcrypto as unknown as Crypto);

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

export interface SigningKey {
  key: string;
  cert: string;
}

/** An RSA-2048 key and a self-signed certificate valid from `notBefore` to `notAfter`. */
export async function makeSigningKey(notBefore = new Date(Date.now() - 60_000), notAfter = new Date(Date.now() + 365 * 86_400_000)): Promise<SigningKey> {
  const alg = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 };
  const keys = (await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=Test SAML IdP',
    notBefore,
    notAfter,
    signingAlgorithm: alg,
    keys,
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)).toString('base64');
  return { key: `-----BEGIN PRIVATE KEY-----\n${pkcs8.match(/.{1,64}/g)!.join('\n')}\n-----END PRIVATE KEY-----\n`, cert: cert.toString('pem') };
}

export interface ResponseOptions {
  spEntityId: string;
  email: string;
  name?: string;
  /** The AuthnRequest ID answered; none for IdP-initiated. */
  inResponseTo?: string;
  audience?: string;
  notOnOrAfter?: Date;
  assertionId?: string;
  /** Attribute names (default email and name). */
  attributes?: Record<string, string>;
}

export interface SamlIdp {
  url: string;
  entityId: string;
  metadataUrl: string;
  ssoUrl: string;
  cert: string;
  metadata: string;
  /** Fetches an SP's metadata and trusts it (by its entity ID). */
  trustSp(metadataUrl: string): Promise<void>;
  /** A signed response (base64, as posted in SAMLResponse) and the ACS URL to post it to. */
  respond(o: ResponseOptions): Promise<{ SAMLResponse: string; acsUrl: string }>;
  stop(): Promise<void>;
}

const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body><main><h1>${esc(title)}</h1>${body}</main></body></html>`;
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** `attributes`: the names this IdP gives the email and name attributes in its sign-in form's responses. */
export async function startSamlIdp(port: number, signing?: SigningKey, attributes = { email: 'email', name: 'name' }): Promise<SamlIdp> {
  const url = `http://127.0.0.1:${port}`;
  const { key, cert } = signing ?? (await makeSigningKey());
  const idp = samlify.IdentityProvider({
    entityID: `${url}/metadata`,
    signingCert: cert,
    privateKey: key,
    nameIDFormat: [EMAIL_FORMAT],
    singleSignOnService: [{ Binding: REDIRECT, Location: `${url}/sso` }],
    wantAuthnRequestsSigned: false,
  });
  const sps = new Map<string, ReturnType<typeof samlify.ServiceProvider>>();
  const spOf = (entityId: string) => {
    const sp = sps.get(entityId);
    if (!sp) throw new Error(`Unknown service provider ${entityId}`);
    return sp;
  };

  async function respond(o: ResponseOptions) {
    const sp = spOf(o.spEntityId);
    const acsUrl = sp.entityMeta.getAssertionConsumerService('post') as string;
    const now = new Date();
    const until = (o.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000)).toISOString();
    const attrs = o.attributes ?? { email: 'email', name: 'name' };
    const values: Record<string, string> = { [attrs.email]: o.email, ...(o.name && attrs.name ? { [attrs.name]: o.name } : {}) };
    const attributeStatement = `<saml:AttributeStatement>${Object.entries(values)
      .map(
        ([n, v]) =>
          `<saml:Attribute Name="${esc(n)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic"><saml:AttributeValue xsi:type="xs:string">${esc(v)}</saml:AttributeValue></saml:Attribute>`,
      )
      .join('')}</saml:AttributeStatement>`;
    const authn = `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_${randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`;
    const id = `_${randomUUID()}`;
    const irt = o.inResponseTo ? ` InResponseTo="${esc(o.inResponseTo)}"` : '';
    const issuer = `<saml:Issuer>${esc(`${url}/metadata`)}</saml:Issuer>`;
    const xml =
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id}" Version="2.0" IssueInstant="${now.toISOString()}" Destination="${esc(acsUrl)}"${irt}>` +
      `${issuer}<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
      `<saml:Assertion xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xs="http://www.w3.org/2001/XMLSchema" ID="${esc(o.assertionId ?? `_${randomUUID()}`)}" Version="2.0" IssueInstant="${now.toISOString()}">` +
      `${issuer}<saml:Subject><saml:NameID Format="${EMAIL_FORMAT}">${esc(o.email)}</saml:NameID>` +
      `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${until}" Recipient="${esc(acsUrl)}"${irt}/></saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${new Date(now.getTime() - 60_000).toISOString()}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${esc(o.audience ?? o.spEntityId)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
      `${authn}${attributeStatement}</saml:Assertion></samlp:Response>`;
    // samlify signs the assertion (the SP's metadata wants signed assertions) with the IdP's key.
    const { context } = await idp.createLoginResponse(sp, { extract: {} }, 'post', { email: o.email }, () => ({ id, context: xml }));
    return { SAMLResponse: context, acsUrl };
  }

  const signInForm = (hidden: Record<string, string>) =>
    page(
      'Test IdP sign-in',
      `<form method="post" action="/sso/login">${Object.entries(hidden)
        .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
        .join(
          '',
        )}<p><label>Email <input name="email" type="email" required></label></p><p><label>Display name <input name="name"></label></p><p><button type="submit">Sign in</button></p></form>`,
    );

  const server: Server = createServer(async (req, res) => {
    try {
      const u = new URL(req.url ?? '/', url);
      if (req.method === 'GET' && u.pathname === '/metadata') {
        res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(idp.getMetadata());
      } else if (req.method === 'GET' && u.pathname === '/sso') {
        const issuer = /<(?:saml2?:)?Issuer[^>]*>([^<]+)</.exec(samlify.Utility.inflateString(u.searchParams.get('SAMLRequest') ?? ''))?.[1] ?? '';
        const parsed = await idp.parseLoginRequest(spOf(issuer), 'redirect', { query: Object.fromEntries(u.searchParams), octetString: '' });
        const hidden = { sp: issuer, request_id: String(parsed.extract.request?.id ?? ''), relay_state: u.searchParams.get('RelayState') ?? '' };
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(signInForm(hidden));
      } else if (req.method === 'GET' && u.pathname === '/launch') {
        spOf(u.searchParams.get('sp') ?? '');
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(signInForm({ sp: u.searchParams.get('sp')!, request_id: '', relay_state: '' }));
      } else if (req.method === 'POST' && u.pathname === '/sso/login') {
        const f = await formBody(req);
        const { SAMLResponse, acsUrl } = await respond({
          spEntityId: f.get('sp')!,
          email: f.get('email')!,
          name: f.get('name') || undefined,
          inResponseTo: f.get('request_id') || undefined,
          attributes,
        });
        const relay = f.get('relay_state') ? `<input type="hidden" name="RelayState" value="${esc(f.get('relay_state')!)}">` : '';
        res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            page(
              'Signing you in…',
              `<form id="post" method="post" action="${esc(acsUrl)}"><input type="hidden" name="SAMLResponse" value="${esc(SAMLResponse)}">${relay}<noscript><button type="submit">Continue</button></noscript></form><script>document.getElementById('post').submit()</script>`,
            ),
          );
      } else {
        res.writeHead(404).end('not found');
      }
    } catch (err) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end(`IdP error: ${(err as Error).message}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url,
    entityId: `${url}/metadata`,
    metadataUrl: `${url}/metadata`,
    ssoUrl: `${url}/sso`,
    cert,
    metadata: idp.getMetadata(),
    async trustSp(metadataUrl) {
      const res = await fetch(metadataUrl);
      if (!res.ok) throw new Error(`SP metadata ${metadataUrl}: HTTP ${res.status}`);
      const sp = samlify.ServiceProvider({ metadata: await res.text() });
      sps.set(sp.entityMeta.getEntityID(), sp);
    },
    respond,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
