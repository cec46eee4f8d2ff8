import { redirect } from 'next/navigation';
import { AuthForm } from '@/components/auth-form';
import { SocialSignIn } from '@/components/social-sign-in';
import { currentViewer } from '../_lib/current-viewer';
import { enabledSocialProviders, loadConfig, safeNextPath } from '@/app/_lib/sling';
import '../social-sign-in.css';

export const metadata = { title: 'Sign up — Sling' };

type Query = Promise<Record<string, string | string[] | undefined>>;

export default async function SignUpPage({ searchParams }: { searchParams: Query }) {
  const query = await searchParams;
  const next = safeNextPath(query.next);
  // Already signed in: straight on to where sign-in would have led.
  if (await currentViewer()) redirect(next ?? '/links');
  const email = typeof query.email === 'string' ? query.email.slice(0, 320) : null;
  return (
    <main>
      <div className="card narrow">
        <h1>Create your account</h1>
        <SocialSignIn providers={enabledSocialProviders(loadConfig())} next={next} />
        <AuthForm mode="signup" next={next} email={email} />
        <p className="muted">
          Already have one? <a href={next ? `/login?next=${encodeURIComponent(next)}` : '/login'}>Sign in</a>
        </p>
      </div>
    </main>
  );
}
