import { redirect } from 'next/navigation';
import { AuthForm } from '@/components/auth-form';
import { SsoSignIn } from '@/components/sso-sign-in';
import { currentViewer } from '../_lib/current-viewer';
import { safeNextPath } from '@/app/_lib/sling';

export const metadata = { title: 'Sign in — Sling' };

type Query = Promise<Record<string, string | string[] | undefined>>;

export default async function SignInPage({ searchParams }: { searchParams: Query }) {
  const query = await searchParams;
  const next = safeNextPath(query.next);
  // An identity provider's refusal comes back here (@better-auth/sso's error redirect).
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

function ssoErrorMessage(code: string, description: unknown): string {
  if (code === 'email_domain_not_allowed') return 'Your identity provider gave an address outside your company’s SSO domain; ask your administrator.';
  const detail = typeof description === 'string' && /^[\w .:,'-]{1,200}$/.test(description) ? ` (${description.replace(/_/g, ' ')})` : '';
  return `Single sign-on did not complete${detail}. Try again, or sign in with your password.`;
}
