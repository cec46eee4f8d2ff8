'use client';
// "Continue with SSO" on the sign-in page: the work email first; its domain picks the workspace's
// identity provider, and the browser goes there (POST /api/auth/sign-in/sso answers with the URL).
import { useState, type FormEvent } from 'react';
import { apiJson } from './api-client';
import { FormError } from './form-error';

export function SsoSignIn({ next, error: initialError }: { next?: string | null; error?: string | null }) {
  const [open, setOpen] = useState(Boolean(initialError));
  const [error, setError] = useState<string | null>(initialError ?? null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { url } = await apiJson<{ url: string }>('/api/auth/sign-in/sso', {
        method: 'POST',
        body: { email: String(new FormData(e.currentTarget).get('email')), ...(next ? { callbackURL: next } : {}) },
      });
      window.location.assign(url);
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  }

  return (
    <div className="stack">
      {open ? (
        <form className="stack" onSubmit={submit} aria-label="Single sign-on">
          <label>
            Work email
            {/* biome-ignore lint/a11y/noAutofocus: the SSO sign-in page has one field */}
            <input name="email" type="email" autoComplete="email" required autoFocus />
          </label>
          <FormError message={error} />
          <button type="submit" className="secondary" disabled={busy}>
            {busy ? 'Redirecting…' : 'Continue with SSO'}
          </button>
        </form>
      ) : (
        <button type="button" className="secondary" onClick={() => setOpen(true)}>
          Continue with SSO
        </button>
      )}
    </div>
  );
}
