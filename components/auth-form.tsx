'use client';
// Sign-up and sign-in forms (better-auth email + password).
import { useState, type FormEvent } from 'react';
import { authClient } from './auth-client';

export function AuthForm({ mode }: { mode: 'signup' | 'login' }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const email = String(form.get('email'));
    const password = String(form.get('password'));
    setBusy(true);
    setError(null);
    const result =
      mode === 'signup'
        ? await authClient.signUp.email({ email, password, name: String(form.get('name') || email.split('@')[0]) })
        : await authClient.signIn.email({ email, password });
    setBusy(false);
    if (result.error) setError(result.error.message ?? 'That did not work; check your details and try again.');
    else window.location.assign('/settings');
  }

  return (
    <form className="stack" onSubmit={submit}>
      {mode === 'signup' && (
        <label>
          Name
          <input name="name" autoComplete="name" />
        </label>
      )}
      <label>
        Email
        <input name="email" type="email" autoComplete="email" required />
      </label>
      <label>
        Password
        <input name="password" type="password" minLength={8} autoComplete={mode === 'signup' ? 'new-password' : 'current-password'} required />
      </label>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {mode === 'signup' ? 'Create account' : 'Sign in'}
      </button>
    </form>
  );
}
