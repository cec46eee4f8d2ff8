import { ForgotPasswordForm } from '@/components/password-reset-forms';

export const metadata = { title: 'Forgot password — Sling' };

export default function ForgotPasswordPage() {
  return (
    <main>
      <div className="card narrow">
        <h1>Forgot your password?</h1>
        <ForgotPasswordForm />
      </div>
    </main>
  );
}
