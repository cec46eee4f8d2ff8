// Reading a SAML 2.0 identity provider's description: its metadata XML (parsed by samlify, the
// library @better-auth/sso verifies responses with) or the entity ID, sign-in URL and signing
// certificate given by hand; and a signing certificate's validity (node:crypto's X509Certificate).
import { X509Certificate } from 'node:crypto';
import * as samlifyNs from 'samlify';
import type { SsoSamlSettings } from '../../db/schema';

// samlify is CommonJS: its namespace has every export only under `default` when loaded as ESM.
const samlify = ((samlifyNs as unknown as { default?: typeof samlifyNs }).default ?? samlifyNs) as typeof samlifyNs;

export const SAML_BINDING_REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
export const SAML_BINDING_POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';

export interface IdpDescription {
  entityId: string;
  ssoUrl: string;
  /** PEM-encoded signing certificates. */
  certificates: string[];
}

export class MetadataError extends Error {}

const b64Body = (cert: string) => cert.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
export const toPem = (cert: string) =>
  `-----BEGIN CERTIFICATE-----\n${
    b64Body(cert)
      .match(/.{1,64}/g)
      ?.join('\n') ?? ''
  }\n-----END CERTIFICATE-----\n`;

/** The entity ID, HTTP-Redirect sign-in URL and signing certificates named by metadata XML. */
export function readIdpMetadata(xml: string): IdpDescription {
  let meta: ReturnType<typeof samlify.IdPMetadata>;
  try {
    meta = samlify.IdPMetadata(xml);
  } catch {
    throw new MetadataError('The metadata is not well-formed XML.');
  }
  const entityId = meta.getEntityID();
  if (typeof entityId !== 'string' || !entityId) throw new MetadataError('The metadata has no EntityDescriptor with an entityID.');
  const sso = meta.getSingleSignOnService('redirect');
  const ssoUrl = typeof sso === 'string' ? sso : null;
  if (!ssoUrl) throw new MetadataError('The metadata names no SingleSignOnService with the HTTP-Redirect binding.');
  const raw = meta.getX509Certificate('signing') as string | string[] | null;
  const certificates = (Array.isArray(raw) ? raw : raw ? [raw] : []).filter((c) => typeof c === 'string' && c.trim()).map(toPem);
  if (!certificates.length) throw new MetadataError('The metadata names no signing certificate (KeyDescriptor use="signing").');
  return { entityId, ssoUrl, certificates };
}

/** The description from what the admin gave: pasted XML wins over the fields typed by hand. */
export function describeManualIdp(s: Pick<SsoSamlSettings, 'entityId' | 'ssoUrl' | 'certificate'>): IdpDescription {
  const missing = [!s.entityId && 'entity ID', !s.ssoUrl && 'sign-in (SSO) URL', !s.certificate && 'signing certificate'].filter(Boolean);
  if (missing.length) throw new MetadataError(`Give the metadata, or the identity provider's ${missing.join(', ')}.`);
  return { entityId: s.entityId!, ssoUrl: s.ssoUrl!, certificates: [toPem(s.certificate!)] };
}

export interface CertificateVerdict {
  ok: boolean;
  detail: string;
}

/** A signing certificate parses as X.509 and is valid now (not before its start, not after its end). */
export function checkCertificate(pem: string, now = new Date()): CertificateVerdict {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(toPem(pem));
  } catch {
    return { ok: false, detail: 'The signing certificate is not a valid X.509 certificate.' };
  }
  const from = new Date(cert.validFrom);
  const to = new Date(cert.validTo);
  const subject = cert.subject.replace(/\n/g, ', ');
  if (to.getTime() <= now.getTime())
    return {
      ok: false,
      detail: `The signing certificate (${subject}) expired on ${to.toISOString().slice(0, 10)}; get the current one from the identity provider.`,
    };
  if (from.getTime() > now.getTime())
    return { ok: false, detail: `The signing certificate (${subject}) is not valid before ${from.toISOString().slice(0, 10)}.` };
  return { ok: true, detail: `${subject}, valid until ${to.toISOString().slice(0, 10)}` };
}
