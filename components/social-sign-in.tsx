'use client';
// "Continue with Google / GitHub / Microsoft" on the sign-in and sign-up pages, for the providers this
// server has credentials for (the page passes their ids, never anything secret). A click asks
// better-auth for the provider's URL and goes there; the provider comes back to /api/auth/callback/<id>,
// which ends on `next`, or on /login?method=social&error=<code> (docs/guide/social-sign-in.md).
import { useState, type ReactNode } from 'react';
import type { SocialProviderId } from '@/lib/auth/social-providers';
import { socialErrorMessage } from '@/lib/auth/social-error-message';
import { apiJson } from './api-client';
import { FormError } from './form-error';

// The providers' own marks: GitHub's in the text colour (readable in both themes), Google's and
// Microsoft's in their fixed colours, as their brand guidelines ask.
const MARKS: Record<SocialProviderId, { name: string; mark: ReactNode }> = {
  google: {
    name: 'Google',
    mark: (
      <svg viewBox="0 0 18 18" aria-hidden="true">
        <path fill="#4285F4" d="M17.64 9.2c0-.64-.06-1.25-.16-1.84H9v3.48h4.84a4.14 4.14 0 0 1-1.8 2.72v2.26h2.92c1.7-1.57 2.68-3.88 2.68-6.62z" />
        <path fill="#34A853" d="M9 18c2.43 0 4.47-.8 5.96-2.18l-2.92-2.26c-.8.54-1.84.86-3.04.86-2.34 0-4.32-1.58-5.03-3.7H.96v2.33A9 9 0 0 0 9 18z" />
        <path fill="#FBBC05" d="M3.97 10.72A5.4 5.4 0 0 1 3.68 9c0-.6.1-1.18.29-1.72V4.95H.96A9 9 0 0 0 0 9c0 1.45.35 2.83.96 4.05l3.01-2.33z" />
        <path fill="#EA4335" d="M9 3.58c1.32 0 2.5.45 3.44 1.35l2.58-2.58A9 9 0 0 0 .96 4.95l3.01 2.33C4.68 5.16 6.66 3.58 9 3.58z" />
      </svg>
    ),
  },
  github: {
    name: 'GitHub',
    mark: (
      <svg viewBox="0 0 16 16" aria-hidden="true">
        <path
          fill="currentColor"
          d="M8 0c4.42 0 8 3.58 8 8a8.01 8.01 0 0 1-5.45 7.59c-.4.08-.55-.17-.55-.38 0-.27.01-1.13.01-2.2 0-.75-.25-1.23-.54-1.48 1.78-.2 3.65-.88 3.65-3.95 0-.88-.31-1.59-.82-2.15.08-.2.36-1.02-.08-2.12 0 0-.67-.22-2.2.82-.64-.18-1.32-.27-2-.27-.68 0-1.36.09-2 .27-1.53-1.03-2.2-.82-2.2-.82-.44 1.1-.16 1.92-.08 2.12-.51.56-.82 1.28-.82 2.15 0 3.06 1.86 3.75 3.64 3.95-.23.2-.44.55-.51 1.07-.46.21-1.61.55-2.33-.66-.15-.24-.6-.83-1.23-.82-.67.01-.27.38.01.53.34.19.73.9.82 1.13.16.45.68 1.31 2.69.94 0 .67.01 1.3.01 1.49 0 .21-.15.45-.55.38A8 8 0 0 1 0 8c0-4.42 3.58-8 8-8Z"
        />
      </svg>
    ),
  },
  microsoft: {
    name: 'Microsoft',
    mark: (
      <svg viewBox="0 0 21 21" aria-hidden="true">
        <rect x="0" y="0" width="10" height="10" fill="#F25022" />
        <rect x="11" y="0" width="10" height="10" fill="#7FBA00" />
        <rect x="0" y="11" width="10" height="10" fill="#00A4EF" />
        <rect x="11" y="11" width="10" height="10" fill="#FFB900" />
      </svg>
    ),
  },
};

interface SocialSignInProps {
  providers: SocialProviderId[];
  next?: string | null;
  /** The code a refused sign-in came back with. */
  errorCode?: string | null;
}

export function SocialSignIn({ providers, next, errorCode }: SocialSignInProps) {
  const [error, setError] = useState<string | null>(errorCode ? socialErrorMessage(errorCode) : null);
  const [busy, setBusy] = useState<SocialProviderId | null>(null);
  if (providers.length === 0) return null;

  async function start(provider: SocialProviderId) {
    setBusy(provider);
    setError(null);
    const back = next ? `&next=${encodeURIComponent(next)}` : '';
    try {
      const { url } = await apiJson<{ url: string }>('/api/auth/sign-in/social', {
        method: 'POST',
        body: { provider, callbackURL: next ?? '/links', errorCallbackURL: `/login?method=social${back}` },
      });
      window.location.assign(url);
    } catch (err) {
      setError((err as Error).message);
      setBusy(null);
    }
  }

  return (
    <div className="stack social-sign-in">
      {providers.map((id) => (
        <button key={id} type="button" className="secondary social-button" disabled={busy !== null} onClick={() => start(id)}>
          {MARKS[id].mark}
          {busy === id ? 'Redirecting…' : `Continue with ${MARKS[id].name}`}
        </button>
      ))}
      <FormError message={error} />
      <p className="sso-or">or</p>
    </div>
  );
}
