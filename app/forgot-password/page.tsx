import { ForgotPasswordForm } from '@/components/password-reset-forms';
import { mailConfigured } from '@/app/_lib/sling';

// Read per request: whether this server sends mail is its configuration, not the build's.
export const dynamic = 'force-dynamic';
export const metadata = { title: 'Forgot password — Sling' };

export default function ForgotPasswordPage() {
  return (
    <main>
      <div className="card narrow">
        <h1>Forgot your password?</h1>
        <ForgotPasswordForm mailOff={!mailConfigured()} />
      </div>
    </main>
  );
}
