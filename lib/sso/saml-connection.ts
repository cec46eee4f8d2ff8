// What is SAML-specific about a connection: its row values from the form, @better-auth/sso's
// samlConfig for an enabled connection (built from the identity provider as the last passing test
// read it), and its settings as the API shows them.
import type { SsoConnectionRow, SsoSamlSettings } from '../../db/schema';
import type { TSamlSettings } from './sso-connection-schema';
import { SAML_BINDING_REDIRECT } from './saml-idp-metadata';
import { samlAcsUrl, samlSpEntityId, samlSpMetadataUrl } from './saml-urls';

export const isSaml = (row: Pick<SsoConnectionRow, 'saml'>) => row.saml !== null;

export function samlSettings(input: TSamlSettings): SsoSamlSettings {
  return {
    metadataUrl: input.metadata_url ?? null,
    metadataXml: input.metadata_xml ?? null,
    entityId: input.entity_id ?? null,
    ssoUrl: input.sso_url ?? null,
    certificate: input.certificate ?? null,
    resolved: null,
  };
}

/** The `issuer` column of a SAML connection: the IdP's entity ID once known, else where it is described. */
export const samlIssuer = (s: SsoSamlSettings) => s.resolved?.entityId ?? s.entityId ?? s.metadataUrl ?? s.ssoUrl ?? 'saml';

/**
 * @better-auth/sso's samlConfig: Sling's entity ID as the audience, assertions must be signed by one
 * of the IdP's certificates, IdP-initiated responses accepted (InResponseTo is still checked when
 * present), and the connection's attribute mapping. The plugin joins given and family names before
 * the display name; pointing the first at the mapped name attribute and the last at no attribute
 * makes the mapped name the one used.
 */
export function samlProviderConfig(row: SsoConnectionRow, baseUrl: string): string {
  const resolved = row.saml?.resolved;
  if (!resolved) throw new Error(`SAML connection ${row.id} has not passed its test`);
  const entityId = samlSpEntityId(baseUrl, row.id);
  return JSON.stringify({
    issuer: entityId,
    entryPoint: resolved.ssoUrl,
    audience: entityId,
    callbackUrl: `${baseUrl}/links`,
    wantAssertionsSigned: true,
    authnRequestsSigned: false,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    spMetadata: { entityID: entityId },
    idpMetadata: {
      entityID: resolved.entityId,
      cert: resolved.certificates,
      singleSignOnService: [{ Binding: SAML_BINDING_REDIRECT, Location: resolved.ssoUrl }],
    },
    mapping: { email: row.mapping.email, name: row.mapping.name, firstName: row.mapping.name, lastName: 'urn:sling:unused' },
  });
}

/** The API's view of a SAML connection's settings and what to give the identity provider. */
export function serializeSaml(row: SsoConnectionRow, baseUrl: string) {
  const s = row.saml!;
  return {
    metadata_url: s.metadataUrl,
    metadata_xml: s.metadataXml,
    entity_id: s.entityId,
    sso_url: s.ssoUrl,
    certificate: s.certificate,
    idp: s.resolved ? { entity_id: s.resolved.entityId, sso_url: s.resolved.ssoUrl } : null,
    acs_url: samlAcsUrl(baseUrl, row.id),
    sp_entity_id: samlSpEntityId(baseUrl, row.id),
    sp_metadata_url: samlSpMetadataUrl(baseUrl, row.id),
  };
}
