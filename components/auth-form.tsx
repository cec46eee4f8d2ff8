'use client';
// Sign-up and sign-in forms (better-auth email + password), with the two-factor step on sign-in.
// `next` (already checked same-origin by the page) is where to go afterwards; `email` pre-fills the
// address, e.g. from an invitation.
import { useState, type FormEvent } from 'react';
import { authClient } from './auth-client';
import { FormError } from './form-error';
import { NewPasswordField } from './new-password-field';

interface AuthFormProps {
  mode: 'signup' | 'login';
  next?: string | null;
  email?: string | null;
}

const SIGNED_UP_BUT_NOT_IN =
  'We could not sign you in with that password. If this address already has a Sling account, we have sent it an email: sign in with its password, or reset it.';

export function AuthForm({ mode, next, email: presetEmail }: AuthFormProps) {
  // Without a next page both start on Links (a new account's shows the first-run checklist).
  const destination = next ?? '/links';
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [needsCode, setNeedsCode] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const email = String(form.get('email'));
    const password = String(form.get('password'));
    setBusy(true);
    setError(null);
    // Sign-up never signs in, and answers the same whether or not the address already has an account
    // (its owner gets a mail instead): signing in with the same password is the next step either way.
    if (mode === 'signup') {
      const created = await authClient.signUp.email({ email, password, name: String(form.get('name') || email.split('@')[0]) });
      if (created.error) {
        setBusy(false);
        return setError(created.error.message ?? 'That did not work; check your details and try again.');
      }
    }
    const result = await authClient.signIn.email({ email, password });
    setBusy(false);
    if (result.error)
      setError(
        mode === 'signup' && result.error.status === 401
          ? SIGNED_UP_BUT_NOT_IN
          : (result.error.message ?? 'That did not work; check your details and try again.'),
      );
    else if ((result.data as { twoFactorRedirect?: boolean } | null)?.twoFactorRedirect) setNeedsCode(true);
    else window.location.assign(destination);
  }

  async function submitCode(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('code')).replace(/\s/g, '');
    setBusy(true);
    setError(null);
    // Six digits: the authenticator app; anything else: a backup code.
    const result = /^\d{6}$/.test(code) ? await authClient.twoFactor.verifyTotp({ code }) : await authClient.twoFactor.verifyBackupCode({ code });
    setBusy(false);
    if (result.error) setError(result.error.message ?? 'That code did not work.');
    else window.location.assign(destination);
  }

  if (needsCode) {
    return (
      // Keyed apart from the first step's form: React would otherwise keep its email input for the
      // code (same place, same element) with the address still in it.
      <form key="code" className="stack" onSubmit={submitCode}>
        <p>Enter the 6-digit code from your authenticator app, or one of your backup codes.</p>
        <label>
          Authentication code
          {/* biome-ignore lint/a11y/noAutofocus: the second step of sign-in has one field, and it is what the user came to type */}
          <input name="code" inputMode="numeric" autoComplete="one-time-code" required autoFocus />
        </label>
        <FormError message={error} />
        <button type="submit" disabled={busy}>
          Verify
        </button>
      </form>
    );
  }

  return (
    <form key="credentials" className="stack" onSubmit={submit}>
      {mode === 'signup' && (
        <label>
          Name
          <input name="name" autoComplete="name" />
        </label>
      )}
      <label>
        Email
        {/* "webauthn": passkeys are offered among the field's suggestions on sign-in (passkey-sign-in.tsx). */}
        <input name="email" type="email" autoComplete={mode === 'login' ? 'email webauthn' : 'email'} defaultValue={presetEmail ?? undefined} required />
      </label>
      {mode === 'signup' ? (
        <NewPasswordField label="Password" />
      ) : (
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
      )}
      <FormError message={error} />
      <button type="submit" disabled={busy}>
        {mode === 'signup' ? 'Create account' : 'Sign in'}
      </button>
    </form>
  );
}
