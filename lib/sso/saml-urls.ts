// What a SAML 2.0 identity provider is told about Sling (the service provider), per connection:
// where it posts its responses (the ACS URL, @better-auth/sso's endpoint) and Sling's entity ID,
// which is also the address of Sling's SP metadata.
export function samlAcsUrl(baseUrl: string, connectionId: string): string {
  return `${baseUrl}/api/auth/sso/saml2/sp/acs/${connectionId}`;
}

export function samlSpMetadataUrl(baseUrl: string, connectionId: string): string {
  return `${baseUrl}/api/auth/sso/saml2/sp/metadata?providerId=${encodeURIComponent(connectionId)}`;
}

/** The SP entity ID (the assertions' Audience): the SP metadata URL, as many IdPs expect. */
export const samlSpEntityId = samlSpMetadataUrl;
