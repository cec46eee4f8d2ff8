'use client';
// "Continue with a passkey" under the sign-in form, and passkeys offered in the email field's autofill
// where the browser can (conditional mediation). A passkey asks for no second step (lib/auth/passkeys.ts).
// Nothing is shown in a browser without WebAuthn.
import { useEffect, useState } from 'react';
import { authClient } from './auth-client';
import { FormError } from './form-error';

type Result = Awaited<ReturnType<typeof authClient.signIn.passkey>>;

const codeOf = (r: Result) => (r.error && 'code' in r.error ? String(r.error.code) : '');

/** The browser's own outcomes (cancelled, timed out, no passkey chosen) need no message; the server's refusals do. */
function refusal(r: Result): string | null {
  const code = codeOf(r);
  if (!r.error || code === 'AUTH_CANCELLED' || code.startsWith('ERROR_')) return null;
  return r.error.message ?? 'That passkey did not sign you in.';
}

export function PasskeySignIn({ next }: { next?: string | null }) {
  const destination = next ?? '/links';
  const [supported, setSupported] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (typeof window.PublicKeyCredential !== 'function') return;
    setSupported(true);
    let cancelled = false;
    (async () => {
      if (!(await PublicKeyCredential.isConditionalMediationAvailable?.())) return;
      // Waits until the user picks a passkey in the email field's suggestions (or never).
      const r = await authClient.signIn.passkey({ autoFill: true });
      if (cancelled) return;
      if (r.data && !r.error) window.location.assign(destination);
      else setError(refusal(r));
    })().catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [destination]);

  async function signIn() {
    setBusy(true);
    setError(null);
    const r = await authClient.signIn.passkey();
    setBusy(false);
    if (r.data && !r.error) return window.location.assign(destination);
    setError(refusal(r) ?? (codeOf(r) === 'AUTH_CANCELLED' ? null : 'No passkey was used. Try again, or sign in with your password.'));
  }

  if (!supported) return null;
  return (
    <div className="stack">
      <FormError message={error} />
      <button type="button" className="secondary" onClick={() => void signIn()} disabled={busy}>
        Continue with a passkey
      </button>
    </div>
  );
}
