import { AuthForm } from '@/components/auth-form';

export const metadata = { title: 'Sign up — Sling' };

export default function SignUpPage() {
  return (
    <main>
      <div className="card narrow">
        <h1>Create your account</h1>
        <AuthForm mode="signup" />
        <p className="muted">
          Already have one? <a href="/login">Sign in</a>
        </p>
      </div>
    </main>
  );
}
