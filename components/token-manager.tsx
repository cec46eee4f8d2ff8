'use client';
// Settings → API tokens: create (secret shown once, with copy), regenerate, rotate, revoke.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { FormError } from './form-error';

type Token = { id: string; name: string; prefix: string; created_at: string; last_used_at: string | null; expires_at: string | null; revoked_at: string | null };

async function call(path: string, init: RequestInit = {}) {
  const res = await fetch(path, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  const body = res.status === 204 ? null : await res.json();
  if (!res.ok) throw new Error(body?.error?.message ?? `HTTP ${res.status}`);
  return body;
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

export function TokenManager() {
  const [tokens, setTokens] = useState<Token[]>([]);
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setTokens((await call('/api/v1/tokens')).tokens);
    } catch (e) {
      setError((e as Error).message);
    }
  }, []);
  useEffect(() => void load(), [load]);

  async function act(fn: () => Promise<{ secret?: string } | null>) {
    setError(null);
    try {
      const r = await fn();
      setSecret(r?.secret ?? null);
      await load();
    } catch (e) {
      setError((e as Error).message);
    }
  }

  function create(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const name = String(form.get('name') || 'API token');
    const day = String(form.get('expires') || '');
    // The date picker gives a local calendar day; the token works until the end of that day.
    const expires_at = day ? new Date(`${day}T23:59:59`).toISOString() : undefined;
    void act(() => call('/api/v1/tokens', { method: 'POST', body: JSON.stringify({ name, expires_at }) }));
  }

  function rotate(t: Token) {
    const hours = Number(prompt(`Rotate "${t.name}": for how many hours should the old secret keep working?`, '24'));
    if (!hours || hours <= 0) return;
    void act(() => call(`/api/v1/tokens/${t.id}/rotate`, { method: 'POST', body: JSON.stringify({ grace_hours: hours }) }));
  }

  return (
    <section aria-labelledby="tokens-h">
      <h2 id="tokens-h">API tokens</h2>
      <form className="row" onSubmit={create}>
        <label>
          Token name
          <input name="name" placeholder="e.g. deploy script" />
        </label>
        <label>
          Expires (optional)
          <input name="expires" type="date" />
        </label>
        <button type="submit">Create token</button>
      </form>
      {secret && (
        <div className="result" role="status">
          <span>Copy this token now; it will not be shown again:</span>
          <code data-testid="new-token">{secret}</code>
          <button type="button" className="secondary" onClick={() => navigator.clipboard.writeText(secret)}>
            Copy
          </button>
        </div>
      )}
      <FormError message={error} />
      {tokens.length === 0 ? (
        <p className="muted">No tokens yet. Create one to use the API.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Name</th>
              <th>Token</th>
              <th>Created</th>
              <th>Last used</th>
              <th>Expires</th>
              <th>Status</th>
              <th>Actions</th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((t) => (
              <tr key={t.id}>
                <td>{t.name}</td>
                <td>
                  <code>{t.prefix}…</code>
                </td>
                <td>{when(t.created_at)}</td>
                <td>{when(t.last_used_at)}</td>
                <td>{when(t.expires_at)}</td>
                <td>{t.revoked_at ? 'revoked' : t.expires_at && Date.parse(t.expires_at) < Date.now() ? 'expired' : 'active'}</td>
                <td className="actions">
                  {!t.revoked_at && (
                    <>
                      <button type="button" className="secondary" onClick={() => act(() => call(`/api/v1/tokens/${t.id}/regenerate`, { method: 'POST' }))}>
                        Regenerate
                      </button>
                      <button type="button" className="secondary" onClick={() => rotate(t)}>
                        Rotate…
                      </button>
                      <button
                        type="button"
                        className="secondary"
                        onClick={() => confirm(`Revoke "${t.name}"? Programs using it stop working at once.`) && act(() => call(`/api/v1/tokens/${t.id}`, { method: 'DELETE' }))}
                      >
                        Revoke
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
