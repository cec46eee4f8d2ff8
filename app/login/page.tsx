import { redirect } from 'next/navigation';
import { AuthForm } from '@/components/auth-form';
import { SsoSignIn } from '@/components/sso-sign-in';
import { currentViewer } from '../_lib/current-viewer';
import { safeNextPath, ssoErrorMessage } from '@/app/_lib/sling';

export const metadata = { title: 'Sign in — Sling' };

type Query = Promise<Record<string, string | string[] | undefined>>;

export default async function SignInPage({ searchParams }: { searchParams: Query }) {
  const query = await searchParams;
  const next = safeNextPath(query.next);
  // A refused single sign-on comes back here (lib/sso/sso-return-answer.ts), its code put in words.
  const ssoError = typeof query.error === 'string' ? ssoErrorMessage(query.error, query.error_description) : null;
  // Already signed in: straight on to where sign-in would have led.
  if (await currentViewer()) redirect(next ?? '/links');
  return (
    <main>
      <div className="card narrow">
        <h1>Sign in</h1>
        <AuthForm mode="login" next={next} />
        <SsoSignIn next={next} error={ssoError} />
        <p className="muted">
          New here? <a href={next ? `/signup?next=${encodeURIComponent(next)}` : '/signup'}>Create an account</a> ·{' '}
          <a href="/forgot-password">Forgot your password?</a>
        </p>
      </div>
    </main>
  );
}
