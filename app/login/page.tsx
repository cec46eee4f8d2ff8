import { redirect } from 'next/navigation';
import { AuthForm } from '@/components/auth-form';
import { safeNextPath } from '@/lib/auth/safe-next-path';
import { currentViewer } from '../_lib/current-viewer';

export const metadata = { title: 'Sign in — Sling' };

type Query = Promise<Record<string, string | string[] | undefined>>;

export default async function SignInPage({ searchParams }: { searchParams: Query }) {
  const next = safeNextPath((await searchParams).next);
  // Already signed in: straight on to where sign-in would have led.
  if (await currentViewer()) redirect(next ?? '/links');
  return (
    <main>
      <div className="card narrow">
        <h1>Sign in</h1>
        <AuthForm mode="login" next={next} />
        <p className="muted">
          New here? <a href={next ? `/signup?next=${encodeURIComponent(next)}` : '/signup'}>Create an account</a> · <a href="/forgot-password">Forgot your password?</a>
        </p>
      </div>
    </main>
  );
}
