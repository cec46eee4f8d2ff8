import { ResetPasswordForm } from '@/components/password-reset-forms';

export const metadata = { title: 'Reset password — Sling' };

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  return (
    <main>
      <div className="card narrow">
        <h1>Choose a new password</h1>
        <ResetPasswordForm token={token ?? null} />
      </div>
    </main>
  );
}
