'use client';
// "Email me a sign-in link" on the sign-in page (shown only when the server sends mail): the address,
// then "Check your inbox". The answer is the same whether or not the address has an account
// (docs/guide/accounts-and-tokens.md#sign-in-with-a-link-by-mail).
import { useState, type FormEvent } from 'react';
import { apiJson } from './api-client';
import { FormError } from './form-error';

/** What the page says when a link comes back refused (`/login?method=magic-link&error=<code>`, better-auth's verify step). */
function refusedLinkMessage(code: string): string {
  if (code === 'INVALID_TOKEN') return 'This sign-in link has expired or was used already. Ask for a new one.';
  // No session made: the account has two-factor on, is suspended, or is gone (lib/auth/magic-link.ts).
  return 'This sign-in link cannot sign you in. Sign in with your password (and your authentication code, if you use one).';
}

export function MagicLinkSignIn({ next, errorCode }: { next?: string | null; errorCode?: string | null }) {
  const [open, setOpen] = useState(Boolean(errorCode));
  const [error, setError] = useState<string | null>(errorCode ? refusedLinkMessage(errorCode) : null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get('email')).trim();
    setBusy(true);
    setError(null);
    // A refused link comes back to this page, with `next` kept, to say why (refusedLinkMessage).
    const back = `/login?method=magic-link${next ? `&next=${encodeURIComponent(next)}` : ''}`;
    try {
      await apiJson('/api/auth/sign-in/magic-link', { method: 'POST', body: { email, callbackURL: next ?? '/links', errorCallbackURL: back } });
      setSentTo(email);
    } catch (err) {
      setError((err as Error).message);
    }
    setBusy(false);
  }

  if (sentTo) {
    return (
      <div className="stack magic-link">
        <section className="magic-link-sent" aria-labelledby="magic-link-sent-title" role="status">
          <h2 id="magic-link-sent-title">Check your inbox</h2>
          <p>
            If an account exists for <strong>{sentTo}</strong>, a sign-in link is on its way. It works once, within 10 minutes.
          </p>
          <button type="button" className="secondary" onClick={() => setSentTo(null)}>
            Use another address
          </button>
        </section>
      </div>
    );
  }

  return (
    <div className="stack magic-link">
      {open ? (
        <form className="stack" onSubmit={submit} aria-label="Sign-in link by email">
          <label>
            Email for a sign-in link
            {/* biome-ignore lint/a11y/noAutofocus: the user asked for this form; its one field is what they came to type */}
            <input name="email" type="email" autoComplete="email" required autoFocus />
          </label>
          <FormError message={error} />
          <button type="submit" className="secondary" disabled={busy}>
            {busy ? 'Sending…' : 'Email me a sign-in link'}
          </button>
        </form>
      ) : (
        <button type="button" className="secondary" onClick={() => setOpen(true)}>
          Email me a sign-in link
        </button>
      )}
    </div>
  );
}
