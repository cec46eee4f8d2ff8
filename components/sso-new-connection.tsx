'use client';
// A new SSO connection: steps 1 and 2 of five — the provider type, then its credentials (OpenID
// Connect) or its identity provider's description (SAML 2.0), with the attribute mapping and the
// default role; the connection card shows the other three once it is saved.
import { useState, type FormEvent, type ReactNode } from 'react';
import { apiJson, ApiError } from './api-client';
import { FormError } from './form-error';
import { SSO_STEP_TITLES, StepProgress } from './setup-steps';
import { SSO_API, type Connection, type ProviderType } from './sso-api';
import { MappingFields, mappingBody, SamlIdpFields, samlBody } from './sso-protocol-fields';

export function NewConnection({
  types,
  baseUrl,
  onCreated,
  onCancel,
}: {
  types: ProviderType[];
  baseUrl: string;
  onCreated: (c: Connection) => void;
  onCancel?: () => void;
}) {
  const [type, setType] = useState<ProviderType | null>(null);
  const [step, setStep] = useState<1 | 2>(1);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      const common = {
        type: type!.type,
        name: String(f.get('name') || type!.label),
        domain: String(f.get('domain')),
        default_role: String(f.get('default_role')),
        mapping: mappingBody(f),
      };
      const protocol = saml
        ? { saml: samlBody(f) }
        : { issuer: String(f.get('issuer')), client_id: String(f.get('client_id')), client_secret: String(f.get('client_secret')) };
      const { connection } = await apiJson<{ connection: Connection }>(SSO_API, { method: 'POST', body: { ...common, ...protocol } });
      onCreated(connection);
    } catch (err) {
      setError((err as Error).message);
      if (err instanceof ApiError) setFieldErrors(err.details);
    } finally {
      setBusy(false);
    }
  }

  const saml = type?.protocol === 'saml';
  const fieldError = (name: string) => (fieldErrors[name] ? <span className="field-error">{fieldErrors[name]}</span> : null);

  if (step === 1 || !type) {
    return (
      <form
        className="sso-connection"
        aria-labelledby="sso-new-h"
        onSubmit={(e) => {
          e.preventDefault();
          if (type) setStep(2);
        }}
      >
        <header>
          <h2 id="sso-new-h">New connection · Step 1 of 5: choose OpenID Connect or SAML</h2>
        </header>
        <StepProgress titles={SSO_STEP_TITLES} states={['current', 'todo', 'todo', 'todo', 'todo']} label="Set-up steps" />
        <fieldset className="sso-types">
          <legend>Which identity provider does your company use?</legend>
          {types.map((t) => (
            <label key={t.type} className="sso-type">
              <input type="radio" name="type" value={t.type} disabled={!t.available} checked={type?.type === t.type} onChange={() => setType(t)} />
              {t.label}
              <span className="hint">
                {!t.available
                  ? 'Not offered yet'
                  : t.protocol === 'saml'
                    ? 'Any SAML 2.0 provider'
                    : t.type === 'oidc'
                      ? 'Any OpenID Connect provider'
                      : 'OpenID Connect'}
              </span>
            </label>
          ))}
        </fieldset>
        <div className="row">
          <button type="submit" disabled={!type}>
            Continue
          </button>
          {onCancel && (
            <button type="button" className="secondary" onClick={onCancel}>
              Cancel
            </button>
          )}
        </div>
      </form>
    );
  }

  return (
    <form className="sso-connection stack" aria-labelledby="sso-new-h" onSubmit={submit} noValidate>
      <header>
        <h2 id="sso-new-h">
          New connection · Step 2 of 5: {type.label} {saml ? 'identity provider' : 'credentials'}
        </h2>
      </header>
      <StepProgress titles={SSO_STEP_TITLES} states={['done', 'current', 'todo', 'todo', 'todo']} label="Set-up steps" />
      <p className="muted">
        {type.hint}{' '}
        {saml
          ? `The ACS URL and entity ID to give it are shown on the next screen; they have the form ${baseUrl}/api/auth/sso/saml2/sp/…`
          : `Its redirect (callback) URL is shown on the next screen; it has the form ${baseUrl}/api/auth/sso/callback/…`}
      </p>
      <label>
        Name
        <input name="name" defaultValue={type.label} maxLength={100} />
      </label>
      {saml ? <SamlIdpFields fieldError={fieldError} /> : <OidcFields type={type} fieldError={fieldError} />}
      <label>
        Email domain
        <input name="domain" required placeholder="example.com" autoComplete="off" aria-describedby="sso-domain-hint" />
        <span id="sso-domain-hint" className="hint">
          Addresses at this domain sign in through this provider.
        </span>
        {fieldError('domain')}
      </label>
      <MappingFields saml={saml} fieldError={fieldError} />
      <label>
        Role of people who join by signing in
        <select name="default_role" defaultValue="member">
          <option value="member">Member</option>
          <option value="admin">Admin</option>
        </select>
      </label>
      <FormError message={error} />
      <div className="row">
        <button type="submit" disabled={busy}>
          Save connection
        </button>
        <button type="button" className="secondary" onClick={() => setStep(1)}>
          Back
        </button>
      </div>
    </form>
  );
}

function OidcFields({ type, fieldError }: { type: ProviderType; fieldError: (name: string) => ReactNode }) {
  return (
    <>
      <label>
        Issuer URL
        <input
          name="issuer"
          type="url"
          required
          defaultValue={type.issuer_template}
          placeholder="https://login.example.com"
          aria-describedby="sso-issuer-hint"
        />
        <span id="sso-issuer-hint" className="hint">
          {type.issuer_template.includes('{') ? 'Replace the part in braces with your own. ' : ''}The provider’s /.well-known/openid-configuration is found
          under it.
        </span>
        {fieldError('issuer')}
      </label>
      <label>
        Client ID
        <input name="client_id" required autoComplete="off" />
        {fieldError('client_id')}
      </label>
      <label>
        Client secret
        <input name="client_secret" type="password" required autoComplete="new-password" aria-describedby="sso-secret-hint" />
        <span id="sso-secret-hint" className="hint">
          Stored encrypted; Sling never shows it again.
        </span>
        {fieldError('client_secret')}
      </label>
    </>
  );
}
