'use client';
// The email domains step of an SSO connection: each domain with its TXT record to add and a
// "Check DNS" button until it is verified, a Remove button, and a field to add another domain.
import { useId, useState, type FormEvent } from 'react';
import { CopyField } from './copy-field';
import { SetupStep, type StepState } from './setup-steps';
import type { ActResult } from './sso-connection-card';
import type { Connection } from './sso-api';

type Act = (what: string, path: string, init?: { method?: string; body?: unknown }) => Promise<ActResult | null>;

export function DomainsStep({ connection: c, state, busy, act }: { connection: Connection; state: StepState; busy: boolean; act: Act }) {
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [adding, setAdding] = useState('');
  const inputId = useId();

  async function verify(id: string) {
    const data = await act(`verify-${id}`, `/domains/${id}/verify`);
    const note =
      data && !data.verified
        ? data.seen?.length
          ? `Found ${data.seen.join(', ')} — not the value above yet.`
          : 'The record is not there yet; DNS changes can take a few minutes.'
        : '';
    setNotes((n) => ({ ...n, [id]: note }));
  }

  async function remove(id: string, domain: string) {
    if (!window.confirm(`Remove ${domain} from “${c.name}”? People at ${domain} will no longer sign in through it.`)) return;
    await act(`remove-${id}`, `/domains/${id}`, { method: 'DELETE' });
  }

  async function add(e: FormEvent) {
    e.preventDefault();
    if ((await act('add-domain', '/domains', { method: 'POST', body: { domain: adding } })) !== null) setAdding('');
  }

  return (
    <SetupStep state={state} title="Verify your email domain" testId="sso-step-domain">
      <p className="muted">Each domain whose people sign in through this connection needs its own TXT record at your DNS host.</p>
      <ul className="sso-domains" aria-label="Email domains">
        {c.domains.map((d) => (
          <li key={d.id} data-testid="sso-domain">
            <div className="row between">
              <strong>{d.domain}</strong>
              <span className="row">
                <span className={`badge ${d.verified ? 'enabled' : 'draft'}`}>{d.verified ? 'Verified' : 'Not verified'}</span>
                <button
                  type="button"
                  className="secondary small danger"
                  disabled={busy || c.domains.length === 1}
                  onClick={() => remove(d.id, d.domain)}
                  aria-label={`Remove ${d.domain}`}
                >
                  Remove
                </button>
              </span>
            </div>
            {!d.verified && (
              <>
                <CopyField label={`TXT record name for ${d.domain}`} value={d.verification.name} />
                <CopyField label={`TXT record value for ${d.domain}`} value={d.verification.value} />
                {notes[d.id] && <p role="status">{notes[d.id]}</p>}
                <div>
                  <button type="button" className="secondary small" disabled={busy} onClick={() => verify(d.id)} aria-label={`Check DNS now for ${d.domain}`}>
                    Check DNS now
                  </button>
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
      <form className="sso-copy" onSubmit={add}>
        <label htmlFor={inputId} className="hint">
          Add a domain
        </label>
        <input id={inputId} value={adding} onChange={(e) => setAdding(e.target.value)} placeholder="example.org" autoComplete="off" />
        <button type="submit" className="secondary small" disabled={busy || adding.trim() === ''}>
          Add domain
        </button>
      </form>
    </SetupStep>
  );
}
