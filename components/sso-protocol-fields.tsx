'use client';
// The parts of the new-connection form that differ by protocol: a SAML identity provider's
// description (metadata URL, pasted metadata XML, or entity ID, sign-in URL and certificate by
// hand), and the attribute mapping both protocols share (OpenID Connect claims, SAML attributes).
import type { ReactNode } from 'react';

type FieldError = (name: string) => ReactNode;

export function SamlIdpFields({ fieldError }: { fieldError: FieldError }) {
  return (
    <fieldset className="stack">
      <legend>Identity provider (one of the three ways)</legend>
      <label>
        Metadata URL
        <input name="metadata_url" type="url" placeholder="https://idp.example.com/saml/metadata" autoComplete="off" aria-describedby="sso-md-hint" />
        <span id="sso-md-hint" className="hint">
          Okta: “Metadata URL” on the app’s Sign On tab. Entra ID: “App Federation Metadata Url”. Google Workspace has none: paste its metadata below.
        </span>
        {fieldError('saml.metadata_url')}
      </label>
      <label>
        Or the metadata XML
        <textarea name="metadata_xml" rows={3} placeholder="<EntityDescriptor …>" spellCheck={false} />
        {fieldError('saml.metadata_xml')}
      </label>
      <details>
        <summary>Or enter the identity provider’s details by hand</summary>
        <div className="stack">
          <label>
            IdP entity ID
            <input name="entity_id" autoComplete="off" placeholder="https://idp.example.com/entity" />
            {fieldError('saml.entity_id')}
          </label>
          <label>
            SSO URL
            <input name="sso_url" type="url" autoComplete="off" placeholder="https://idp.example.com/sso" />
            <span className="hint">Where the identity provider takes sign-in requests (HTTP-Redirect binding).</span>
            {fieldError('saml.sso_url')}
          </label>
          <label>
            Signing certificate
            <textarea name="certificate" rows={3} placeholder="-----BEGIN CERTIFICATE-----" spellCheck={false} />
            {fieldError('saml.certificate')}
          </label>
        </div>
      </details>
      {fieldError('saml')}
    </fieldset>
  );
}

export function MappingFields({ saml, fieldError }: { saml: boolean; fieldError: FieldError }) {
  const what = saml ? 'attribute' : 'claim';
  return (
    <fieldset className="stack">
      <legend>Attribute mapping</legend>
      <label>
        Email {what}
        <input name="map_email" defaultValue="email" autoComplete="off" aria-describedby="sso-map-hint" />
        {fieldError('mapping.email')}
      </label>
      <label>
        Name {what}
        <input name="map_name" defaultValue="name" autoComplete="off" />
        {fieldError('mapping.name')}
      </label>
      <span id="sso-map-hint" className="hint">
        {saml
          ? 'The names of the SAML attributes carrying the address and the display name; without an email attribute, the NameID is used.'
          : 'The ID token claims carrying the address and the display name.'}
      </span>
    </fieldset>
  );
}

/** The form's values as the API takes them. */
export function samlBody(f: FormData) {
  const v = (k: string) => String(f.get(k) ?? '').trim() || undefined;
  return { metadata_url: v('metadata_url'), metadata_xml: v('metadata_xml'), entity_id: v('entity_id'), sso_url: v('sso_url'), certificate: v('certificate') };
}

export function mappingBody(f: FormData) {
  return { email: String(f.get('map_email') || 'email').trim(), name: String(f.get('map_name') || 'name').trim() };
}
