// The SAML SP metadata at Sling's HTTP boundary (handle-auth-request.ts), built by samlify from the
// connection (drafts too: the IdP is set up before the connection is enabled), 404 for anything but
// a SAML connection. (The ACS's refusals: sso-return-answer.ts.)
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

export const SP_METADATA_PATH = '/sso/saml2/sp/metadata';

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
