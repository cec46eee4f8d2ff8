'use client';
// "Forgot password" (asks for a reset mail) and "Reset password" (sets the new one from the link).
// A server without mail cannot send the link, so Forgot password sends people to the instance's
// admin, who can make one (docs/guide/admin-console.md).
import { useState, type FormEvent } from 'react';
import { authClient } from './auth-client';
import { FormError } from './form-error';
import { NewPasswordField } from './new-password-field';

export function ForgotPasswordForm({ mailOff }: { mailOff: boolean }) {
  const [sent, setSent] = useState(false);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get('email'));
    await authClient.requestPasswordReset({ email, redirectTo: '/reset-password' });
    setSent(true); // the same answer whether or not the address has an account
  }
  if (mailOff)
    return (
      <p role="status">
        This server sends no mail, so a reset link cannot reach you. Ask the admin of this Sling server for a password-reset link; it works for one hour.{' '}
        <a href="/login">Back to sign in</a>
      </p>
    );
  return sent ? (
    <p role="status">If that address has an account, a reset link is on its way. It works for one hour.</p>
  ) : (
    <form className="stack" onSubmit={submit}>
      <label>
        Email
        <input name="email" type="email" autoComplete="email" required />
      </label>
      <button type="submit">Send reset link</button>
    </form>
  );
}

export function ResetPasswordForm({ token }: { token: string | null }) {
  const [error, setError] = useState<string | null>(token ? null : 'This reset link is incomplete; ask for a new one.');
  const [done, setDone] = useState(false);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const newPassword = String(new FormData(e.currentTarget).get('password'));
    const r = await authClient.resetPassword({ newPassword, token: token ?? '' });
    if (r.error) setError(r.error.message ?? 'This reset link is invalid or expired; ask for a new one.');
    else setDone(true);
  }
  if (done)
    return (
      <p role="status">
        Your password is changed. <a href="/login">Sign in</a>
      </p>
    );
  return (
    <form className="stack" onSubmit={submit}>
      <NewPasswordField label="New password" />
      <FormError message={error} />
      <button type="submit" disabled={!token}>
        Set new password
      </button>
    </form>
  );
}
