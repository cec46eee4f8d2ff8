'use client';
// Settings → API tokens: create (secret shown once, with copy), regenerate, rotate with a grace
// period, revoke (from each row's "…" menu); every change that kills a secret asks first.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { FormError } from './form-error';
import { RowMenu } from './row-menu';
import { When } from './when';
import { describeScopes, TokenScopesField } from './token-scopes-field';
import { useToast } from './toasts';

type Token = {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
};
type Pending = { kind: 'regenerate' | 'rotate' | 'revoke'; token: Token };
class ApiError extends Error {
  constructor(
    message: string,
    readonly details: Record<string, string> = {},
  ) {
    super(message);
  }
}

async function call(path: string, init: RequestInit = {}) {
  const res = await fetch(path, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  const body = res.status === 204 ? null : await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(body?.error?.message ?? `HTTP ${res.status}`, body?.error?.details);
  return body;
}

const status = (t: Token) => (t.revoked_at ? 'revoked' : t.expires_at && Date.parse(t.expires_at) < Date.now() ? 'expired' : 'active');

export function TokenManager() {
  const [tokens, setTokens] = useState<Token[] | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [graceHours, setGraceHours] = useState('24');
  const toast = useToast();

  const load = useCallback(async () => {
    try {
      setTokens((await call('/api/v1/tokens')).tokens);
    } catch (e) {
      setError(e as ApiError);
    }
  }, []);
  useEffect(() => void load(), [load]);

  async function act(fn: () => Promise<{ secret?: string } | null>, done: string): Promise<boolean> {
    setError(null);
    try {
      const r = await fn();
      setSecret(r?.secret ?? null);
      toast.show(done);
      await load();
      return true;
    } catch (e) {
      setError(e as ApiError);
      toast.show((e as Error).message, { kind: 'error' });
      return false;
    }
  }

  async function create(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const name = String(data.get('name') || 'API token');
    const day = String(data.get('expires') || '');
    // The date picker gives a local calendar day; the token works until the end of that day.
    const expires_at = day ? new Date(`${day}T23:59:59`).toISOString() : undefined;
    const scopes = data.getAll('scopes').map(String);
    if (await act(() => call('/api/v1/tokens', { method: 'POST', body: JSON.stringify({ name, expires_at, scopes }) }), 'Token created')) form.reset();
  }

  function confirmed({ kind, token }: Pending) {
    setPending(null);
    const base = `/api/v1/tokens/${token.id}`;
    if (kind === 'regenerate') void act(() => call(`${base}/regenerate`, { method: 'POST' }), 'Token regenerated');
    if (kind === 'rotate')
      void act(() => call(`${base}/rotate`, { method: 'POST', body: JSON.stringify({ grace_hours: Number(graceHours) }) }), 'Token rotated');
    if (kind === 'revoke') void act(() => call(base, { method: 'DELETE' }), 'Token revoked');
  }

  async function copy(value: string) {
    try {
      await navigator.clipboard.writeText(value);
      toast.show('Copied');
    } catch {
      toast.show('Copying failed; select the token and copy it by hand.', { kind: 'error' });
    }
  }

  const fieldError = (field: string) => error?.details[field];
  return (
    <div className="stack">
      <form className="stack token-form" onSubmit={create}>
        <div className="row">
          <label>
            Token name
            <input name="name" placeholder="e.g. deploy script" aria-invalid={fieldError('name') ? true : undefined} />
            {fieldError('name') && <span className="field-error">{fieldError('name')}</span>}
          </label>
          <label>
            Expires (optional)
            <input name="expires" type="date" aria-invalid={fieldError('expires_at') ? true : undefined} />
            {fieldError('expires_at') && <span className="field-error">{fieldError('expires_at')}</span>}
          </label>
        </div>
        <TokenScopesField error={fieldError('scopes')} />
        <div>
          <button type="submit">Create token</button>
        </div>
      </form>
      {secret && (
        <div className="result">
          <span>Copy this token now; it will not be shown again:</span>
          <code data-testid="new-token">{secret}</code>
          <button type="button" className="secondary small" onClick={() => copy(secret)}>
            Copy token
          </button>
        </div>
      )}
      <FormError message={error?.message ?? null} />
      {tokens === null ? (
        <div className="skeleton-rows" aria-hidden="true">
          <div className="skeleton" />
          <div className="skeleton" />
        </div>
      ) : tokens.length === 0 ? (
        <p className="muted">No tokens yet. Name one above and press Create token to use the REST API or /api.php from a script.</p>
      ) : (
        <>
          {/* What lib/tokens/manage-tokens.ts's replaceTokenSecret does with each. */}
          <p className="hint token-actions-help" data-testid="token-actions-help">
            <strong>Regenerate</strong> gives a token a new secret, and the current secret stops working at once. <strong>Rotate</strong> gives it a new secret
            too, but the current secret keeps working for the grace period you choose (1 to 720 hours, 24 by default), then stops. Only one old secret is kept:
            rotating again, or regenerating, ends it at once.
          </p>
          <table className="tokens-table">
            <thead>
              <tr>
                <th>Name</th>
                <th className="wide-only">Token</th>
                <th className="wide-only">Created</th>
                <th className="wide-only">Last used</th>
                <th>Expires</th>
                <th>Status</th>
                <th>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((t) => (
                <tr key={t.id}>
                  <td>
                    {t.name}
                    <span className="hint token-scope-summary">{describeScopes(t.scopes)}</span>
                  </td>
                  <td className="wide-only">
                    <code>{t.prefix}…</code>
                  </td>
                  <td className="wide-only">
                    <When iso={t.created_at} />
                  </td>
                  <td className="wide-only">{t.last_used_at ? <When iso={t.last_used_at} /> : 'never'}</td>
                  <td>{t.expires_at ? <When iso={t.expires_at} /> : 'never'}</td>
                  <td>
                    <span className={`badge ${status(t)}`}>{status(t)}</span>
                  </td>
                  <td className="token-menu">
                    {!t.revoked_at && (
                      <RowMenu
                        label={`Actions for token ${t.name}`}
                        actions={[
                          { label: 'Regenerate', onSelect: () => setPending({ kind: 'regenerate', token: t }) },
                          { label: 'Rotate…', onSelect: () => setPending({ kind: 'rotate', token: t }) },
                          { label: 'Revoke', onSelect: () => setPending({ kind: 'revoke', token: t }), danger: true },
                        ]}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {pending?.kind === 'regenerate' && (
        <ConfirmDialog
          title={`Regenerate “${pending.token.name}”?`}
          confirmLabel="Regenerate"
          onConfirm={() => confirmed(pending)}
          onCancel={() => setPending(null)}
        >
          <p>
            The current secret stops working at once; programs using it must switch to the new one. To keep the current one working for a while, use Rotate
            instead.
          </p>
        </ConfirmDialog>
      )}
      {pending?.kind === 'rotate' && (
        <ConfirmDialog title={`Rotate “${pending.token.name}”?`} confirmLabel="Rotate" onConfirm={() => confirmed(pending)} onCancel={() => setPending(null)}>
          <p>You get a new secret; the current one keeps working for the grace period, then stops.</p>
          <label className="stack-label">
            Grace period (hours, 1–720)
            <input type="number" min={1} max={720} value={graceHours} onChange={(e) => setGraceHours(e.target.value)} />
          </label>
        </ConfirmDialog>
      )}
      {pending?.kind === 'revoke' && (
        <ConfirmDialog
          title={`Revoke “${pending.token.name}”?`}
          confirmLabel="Revoke"
          destructive
          onConfirm={() => confirmed(pending)}
          onCancel={() => setPending(null)}
        >
          <p>Programs using this token stop working at once. This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
