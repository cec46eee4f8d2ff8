'use client';
// Settings → Single sign-on: a new connection in two steps (provider type, then its credentials),
// and for each connection the rest of the set-up as numbered steps — register the callback URL
// with the provider, test the connection (each check listed), prove the email domain by DNS, and
// enable — plus "Require SSO".
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { apiJson, ApiError } from './api-client';
import { FormError } from './form-error';

interface ProviderType {
  type: string;
  label: string;
  issuer_template: string;
  hint: string;
  available: boolean;
}

interface Check {
  id: string;
  label: string;
  status: 'passed' | 'failed' | 'skipped';
  detail: string;
}

interface Connection {
  id: string;
  name: string;
  type: string;
  type_label: string;
  issuer: string;
  client_id: string;
  domain: string;
  domain_verification: { name: string; value: string; verified: boolean };
  default_role: 'member' | 'admin';
  require_sso: boolean;
  enabled: boolean;
  test: { passed: boolean; tested_at: string | null; checks: Check[] };
  callback_url: string;
}

const BASE = '/api/v1/workspace/sso';

export function SsoManager({ baseUrl }: { baseUrl: string }) {
  const [connections, setConnections] = useState<Connection[] | null>(null);
  const [types, setTypes] = useState<ProviderType[]>([]);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const data = await apiJson<{ connections: Connection[]; provider_types: ProviderType[] }>(BASE);
      setConnections(data.connections);
      setTypes(data.provider_types);
    } catch (err) {
      setError((err as Error).message);
    }
  }, []);
  useEffect(() => void load(), [load]);

  const replace = (c: Connection) => setConnections((list) => (list ?? []).map((x) => (x.id === c.id ? c : x)));

  if (connections === null) return error ? <FormError message={error} /> : <p className="muted">Loading…</p>;
  return (
    <div className="stack">
      {connections.map((c) => (
        <ConnectionCard key={c.id} connection={c} hint={types.find((t) => t.type === c.type)?.hint ?? ''} onChange={replace} onDelete={() => setConnections((l) => (l ?? []).filter((x) => x.id !== c.id))} />
      ))}
      {adding || connections.length === 0 ? (
        <NewConnection
          types={types}
          baseUrl={baseUrl}
          onCancel={connections.length > 0 ? () => setAdding(false) : undefined}
          onCreated={(c) => {
            setConnections((l) => [c, ...(l ?? [])]);
            setAdding(false);
          }}
        />
      ) : (
        <div>
          <button type="button" className="secondary" onClick={() => setAdding(true)}>
            Add another connection
          </button>
        </div>
      )}
    </div>
  );
}

function NewConnection({ types, baseUrl, onCreated, onCancel }: { types: ProviderType[]; baseUrl: string; onCreated: (c: Connection) => void; onCancel?: () => void }) {
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
      const { connection } = await apiJson<{ connection: Connection }>(BASE, {
        method: 'POST',
        body: {
          type: type!.type,
          name: String(f.get('name') || type!.label),
          issuer: String(f.get('issuer')),
          client_id: String(f.get('client_id')),
          client_secret: String(f.get('client_secret')),
          domain: String(f.get('domain')),
          default_role: String(f.get('default_role')),
        },
      });
      onCreated(connection);
    } catch (err) {
      setError((err as Error).message);
      if (err instanceof ApiError) setFieldErrors(err.details);
    } finally {
      setBusy(false);
    }
  }

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
          <h2 id="sso-new-h">New connection · step 1 of 2</h2>
        </header>
        <fieldset className="sso-types">
          <legend>Which identity provider does your company use?</legend>
          {types.map((t) => (
            <label key={t.type} className="sso-type">
              <input type="radio" name="type" value={t.type} disabled={!t.available} checked={type?.type === t.type} onChange={() => setType(t)} />
              {t.label}
              <span className="hint">{t.available ? (t.type === 'oidc' ? 'Any OpenID Connect provider' : 'OpenID Connect') : 'Not offered yet'}</span>
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
        <h2 id="sso-new-h">New connection · step 2 of 2: {type.label} credentials</h2>
      </header>
      <p className="muted">{type.hint} Its redirect (callback) URL is shown on the next screen; it has the form {baseUrl}/api/auth/sso/callback/…</p>
      <label>
        Name
        <input name="name" defaultValue={type.label} maxLength={100} />
      </label>
      <label>
        Issuer URL
        <input name="issuer" type="url" required defaultValue={type.issuer_template} placeholder="https://login.example.com" aria-describedby="sso-issuer-hint" />
        <span id="sso-issuer-hint" className="hint">
          {type.issuer_template.includes('{') ? 'Replace the part in braces with your own. ' : ''}The provider’s /.well-known/openid-configuration is found under it.
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
      <label>
        Email domain
        <input name="domain" required placeholder="example.com" autoComplete="off" aria-describedby="sso-domain-hint" />
        <span id="sso-domain-hint" className="hint">
          Addresses at this domain sign in through this provider.
        </span>
        {fieldError('domain')}
      </label>
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

function ConnectionCard({ connection: c, hint, onChange, onDelete }: { connection: Connection; hint: string; onChange: (c: Connection) => void; onDelete: () => void }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dnsNote, setDnsNote] = useState<string | null>(null);
  const headingId = useId();

  /** The answer, or null when the call was refused (the message is shown). */
  async function act(what: string, path: string, init: { method?: string; body?: unknown } = { method: 'POST', body: {} }) {
    setBusy(what);
    setError(null);
    try {
      const data = (await apiJson<{ connection?: Connection; verified?: boolean; seen?: string[] } | null>(`${BASE}/${c.id}${path}`, init)) ?? {};
      if (data.connection) onChange(data.connection);
      return data;
    } catch (err) {
      setError((err as Error).message);
      return null;
    } finally {
      setBusy(null);
    }
  }

  async function verify() {
    const data = await act('verify', '/verify-domain');
    if (data && !data.verified) setDnsNote(data.seen?.length ? `Found ${data.seen.join(', ')} — not the value above yet.` : 'The record is not there yet; DNS changes can take a few minutes.');
    else setDnsNote(null);
  }

  async function remove() {
    if (!window.confirm(`Delete the connection “${c.name}”? People will sign in with passwords again.`)) return;
    if (await act('delete', '', { method: 'DELETE' }) !== null) onDelete();
  }

  const tested = c.test.tested_at !== null;
  return (
    <article className="sso-connection" aria-labelledby={headingId} data-testid="sso-connection">
      <header>
        <h2 id={headingId}>
          {c.name} <span className="muted">· {c.name === c.type_label ? c.domain : `${c.type_label} · ${c.domain}`}</span>
        </h2>
        <span className={`badge ${c.enabled ? 'enabled' : 'draft'}`}>{c.enabled ? 'Enabled' : 'Not enabled'}</span>
      </header>
      <ol className="sso-steps">
        <li className="done">
          <h3>Register Sling with your provider</h3>
          <p className="muted">Add this as the redirect (callback) URL of the app. {hint}</p>
          <CopyField label="Callback URL" value={c.callback_url} />
        </li>
        <li className={c.test.passed ? 'done' : undefined}>
          <h3>Test the connection</h3>
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
            <p className="muted">Sling fetches the discovery document, checks the issuer and signing keys, and tries the client ID and secret at the token endpoint.</p>
          )}
          <div>
            <button type="button" className="secondary small" disabled={busy !== null} onClick={() => act('test', '/test')}>
              {busy === 'test' ? 'Testing…' : tested ? 'Test again' : 'Test connection'}
            </button>
          </div>
        </li>
        <li className={c.domain_verification.verified ? 'done' : undefined}>
          <h3>Prove you own {c.domain}</h3>
          {c.domain_verification.verified ? (
            <p>Verified.</p>
          ) : (
            <>
              <p className="muted">Add this TXT record at your DNS host, then check it.</p>
              <CopyField label="TXT record name" value={c.domain_verification.name} />
              <CopyField label="TXT record value" value={c.domain_verification.value} />
              {dnsNote && <p role="status">{dnsNote}</p>}
              <div>
                <button type="button" className="secondary small" disabled={busy !== null} onClick={verify}>
                  {busy === 'verify' ? 'Checking…' : 'Check DNS'}
                </button>
              </div>
            </>
          )}
        </li>
        <li className={c.enabled ? 'done' : undefined}>
          <h3>{c.enabled ? 'Enabled' : 'Enable single sign-on'}</h3>
          <p className="muted">
            {c.enabled
              ? `People at ${c.domain} can choose “Continue with SSO” on the sign-in page; newcomers join as ${c.default_role === 'admin' ? 'Admins' : 'Members'}.`
              : 'Enabling needs a passing test and a verified domain.'}
          </p>
          <label className="inline">
            <input type="checkbox" checked={c.require_sso} disabled={busy !== null} onChange={(e) => act('require', '', { method: 'PATCH', body: { require_sso: e.target.checked } })} /> Require SSO: members
            cannot sign in with a password (the owner still can)
          </label>
          <div className="row">
            {c.enabled ? (
              <button type="button" className="secondary small" disabled={busy !== null} onClick={() => act('disable', '/disable')}>
                Disable
              </button>
            ) : (
              <button type="button" className="small" disabled={busy !== null || !c.test.passed || !c.domain_verification.verified} onClick={() => act('enable', '/enable')}>
                Enable SSO
              </button>
            )}
            <button type="button" className="secondary small danger" disabled={busy !== null} onClick={remove}>
              Delete
            </button>
          </div>
        </li>
      </ol>
      <FormError message={error} />
    </article>
  );
}

function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [note, setNote] = useState('');
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setNote('Copied.');
    } catch {
      field.current?.select();
      setNote('Selected; press Ctrl+C (⌘C) to copy.');
    }
  }
  return (
    <div className="stack" style={{ gap: 4 }}>
      <label htmlFor={id} className="hint">
        {label}
      </label>
      <div className="sso-copy">
        <input ref={field} id={id} readOnly value={value} />
        <button type="button" className="secondary small" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
          Copy
        </button>
        <span aria-live="polite" className="hint">
          {note}
        </span>
      </div>
    </div>
  );
}
