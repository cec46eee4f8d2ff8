'use client';
// One SSO connection's set-up as five numbered steps, each done, current or to do from the
// connection's state: the protocol, the provider's details with what to register with it (OpenID
// Connect: the callback URL; SAML: the ACS URL, entity ID and SP metadata URL), the DNS proof of
// each email domain, the connection test (each check listed), enable and "Require SSO".
import { useId, useState } from 'react';
import { apiJson } from './api-client';
import { CopyField } from './copy-field';
import { FormError } from './form-error';
import { SetupStep, stepStates } from './setup-steps';
import { DomainsStep } from './sso-domains-step';
import { SSO_API, type Connection } from './sso-api';

export type ActResult = { connection?: Connection; verified?: boolean; seen?: string[] };

export function ConnectionCard({
  connection: c,
  hint,
  onChange,
  onDelete,
}: {
  connection: Connection;
  hint: string;
  onChange: (c: Connection) => void;
  onDelete: () => void;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  /** The answer, or null when the call was refused (the message is shown). */
  async function act(what: string, path: string, init: { method?: string; body?: unknown } = { method: 'POST', body: {} }): Promise<ActResult | null> {
    setBusy(what);
    setError(null);
    try {
      const data = (await apiJson<ActResult | null>(`${SSO_API}/${c.id}${path}`, init)) ?? {};
      if (data.connection) onChange(data.connection);
      return data;
    } catch (err) {
      setError((err as Error).message);
      return null;
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    if (!window.confirm(`Delete the connection “${c.name}”? People will sign in with passwords again.`)) return;
    if ((await act('delete', '', { method: 'DELETE' })) !== null) onDelete();
  }

  const tested = c.test.tested_at !== null;
  const domainList = c.domains.map((d) => d.domain).join(', ');
  const anyVerified = c.domains.some((d) => d.verified);
  // Steps 1 and 2 are done once the connection exists (it is saved only with the provider's details).
  const state = stepStates([true, true, anyVerified, c.test.passed, c.enabled]);
  return (
    <article className="sso-connection" aria-labelledby={headingId} data-testid="sso-connection">
      <header>
        <h2 id={headingId}>
          {c.name} <span className="muted">· {c.name === c.type_label ? domainList : `${c.type_label} · ${domainList}`}</span>
        </h2>
        <span className={`badge ${c.enabled ? 'enabled' : 'draft'}`}>{c.enabled ? 'Enabled' : 'Not enabled'}</span>
      </header>
      <ol className="sso-steps" aria-label={`Set-up steps for ${c.name}`}>
        <SetupStep state={state[0]} title="Choose OpenID Connect or SAML" testId="sso-step-protocol">
          <p className="muted">{[c.type_label, c.saml ? 'SAML 2.0' : 'OpenID Connect'].filter((x, i, all) => all.indexOf(x) === i).join(' · ')}</p>
        </SetupStep>
        <SetupStep state={state[1]} title="Enter the identity provider’s details" testId="sso-step-provider">
          {c.saml ? (
            <>
              <p className="muted">
                {c.saml.idp ? `Identity provider ${c.saml.idp.entity_id}. ` : ''}In its SAML app, give these (or just the SP metadata URL where it can read
                metadata). Send the email address in the attribute “{c.mapping.email}” and the name in “{c.mapping.name}”.
              </p>
              <CopyField label="ACS URL" value={c.saml.acs_url} />
              <CopyField label="SP entity ID" value={c.saml.sp_entity_id} />
              <CopyField label="SP metadata URL" value={c.saml.sp_metadata_url} />
            </>
          ) : (
            <>
              <p className="muted">
                Issuer {c.issuer}, client ID {c.client_id}. Add this as the redirect (callback) URL of the app. {hint}
              </p>
              <CopyField label="Callback URL" value={c.callback_url ?? ''} />
            </>
          )}
        </SetupStep>
        <DomainsStep connection={c} state={state[2]} busy={busy !== null} act={act} />
        <SetupStep state={state[3]} title="Test the connection" testId="sso-step-test">
          {tested ? (
            <ul className="sso-checks" aria-label="Checks">
              {c.test.checks.map((k) => (
                <li key={k.id} className={k.status}>
                  <span className="mark" aria-hidden="true">
                    {k.status === 'passed' ? '✓' : k.status === 'failed' ? '✗' : '–'}
                  </span>
                  <span>
                    {k.label}: <strong>{k.status}</strong>
                  </span>
                  <span className="detail">{k.detail}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">
              {c.saml
                ? 'Sling reads the identity provider’s metadata, checks its signing certificate is valid and not expired, and that the ACS URL and entity ID match this instance.'
                : 'Sling fetches the discovery document, checks the issuer and signing keys, and tries the client ID and secret at the token endpoint.'}
            </p>
          )}
          <div>
            <button type="button" className="secondary small" disabled={busy !== null} onClick={() => act('test', '/test')}>
              {busy === 'test' ? 'Testing…' : tested ? 'Test again' : 'Test connection'}
            </button>
          </div>
        </SetupStep>
        <SetupStep state={state[4]} title={c.enabled ? 'Enabled' : 'Enable single sign-on'} testId="sso-step-enable">
          <p className="muted">
            {c.enabled
              ? `People at ${c.domains
                  .filter((d) => d.verified)
                  .map((d) => d.domain)
                  .join(', ')} can choose “Continue with SSO” on the sign-in page; newcomers join as ${c.default_role === 'admin' ? 'Admins' : 'Members'}.`
              : 'Enabling needs a passing test and at least one verified domain.'}
          </p>
          <label className="inline">
            <input
              type="checkbox"
              checked={c.require_sso}
              disabled={busy !== null}
              onChange={(e) => act('require', '', { method: 'PATCH', body: { require_sso: e.target.checked } })}
            />{' '}
            Require SSO: members cannot sign in with a password (the owner still can)
          </label>
          <div className="row">
            {c.enabled ? (
              <button type="button" className="secondary small" disabled={busy !== null} onClick={() => act('disable', '/disable')}>
                Disable
              </button>
            ) : (
              <button type="button" className="small" disabled={busy !== null || !c.test.passed || !anyVerified} onClick={() => act('enable', '/enable')}>
                Enable SSO
              </button>
            )}
            <button type="button" className="secondary small danger" disabled={busy !== null} onClick={remove}>
              Delete
            </button>
          </div>
        </SetupStep>
      </ol>
      <FormError message={error} />
    </article>
  );
}
