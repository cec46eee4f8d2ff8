import { AuthForm } from '@/components/auth-form';

export const metadata = { title: 'Sign in — Sling' };

export default function SignInPage() {
  return (
    <main>
      <div className="card narrow">
        <h1>Sign in</h1>
        <AuthForm mode="login" />
        <p className="muted">
          New here? <a href="/signup">Create an account</a> · <a href="/forgot-password">Forgot your password?</a>
        </p>
      </div>
    </main>
  );
}
