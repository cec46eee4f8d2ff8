import { redirect } from 'next/navigation';
import { AuthForm } from '@/components/auth-form';
import { SocialSignIn } from '@/components/social-sign-in';
import { SsoSignIn } from '@/components/sso-sign-in';
import { MagicLinkSignIn } from '@/components/magic-link-sign-in';
import { PasskeySignIn } from '@/components/passkey-sign-in';
import { currentViewer } from '../_lib/current-viewer';
import { enabledSocialProviders, loadConfig, mailConfigured, safeNextPath, ssoErrorMessage } from '@/app/_lib/sling';
import '../magic-link.css';
import '../social-sign-in.css';

export const metadata = { title: 'Sign in — Sling' };

type Query = Promise<Record<string, string | string[] | undefined>>;

export default async function SignInPage({ searchParams }: { searchParams: Query }) {
  const query = await searchParams;
  const next = safeNextPath(query.next);
  // A refused single sign-on comes back here (lib/sso/sso-return-answer.ts), its code put in words.
  // So does a refused sign-in link, marked `method=magic-link` (components/magic-link-sign-in.tsx),
  // and a refused "Continue with GitHub" (or Google, Microsoft), marked `method=social`.
  const error = typeof query.error === 'string' ? query.error : null;
  const byLink = query.method === 'magic-link';
  const bySocial = query.method === 'social';
  const ssoError = error && !byLink && !bySocial ? ssoErrorMessage(error, query.error_description) : null;
  // Already signed in: straight on to where sign-in would have led.
  if (await currentViewer()) redirect(next ?? '/links');
  return (
    <main>
      <div className="card narrow">
        <h1>Sign in</h1>
        <SocialSignIn providers={enabledSocialProviders(loadConfig())} next={next} errorCode={bySocial ? error : null} />
        <AuthForm mode="login" next={next} />
        {/* One divider for every other way in: a passkey (where the browser has them), SSO, a sign-in link. */}
        <p className="sso-or">or</p>
        <PasskeySignIn next={next} />
        <SsoSignIn next={next} error={ssoError} />
        {mailConfigured() && <MagicLinkSignIn next={next} errorCode={byLink ? error : null} />}
        <p className="muted">
          New here? <a href={next ? `/signup?next=${encodeURIComponent(next)}` : '/signup'}>Create an account</a> ·{' '}
          <a href="/forgot-password">Forgot your password?</a>
        </p>
      </div>
    </main>
  );
}
