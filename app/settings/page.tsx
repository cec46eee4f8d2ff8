import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { SignOutButton } from '@/components/sign-out-button';
import { TokenManager } from '@/components/token-manager';
import { getAuth } from '@/lib/auth/auth';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Settings — Sling' };

export default async function SettingsPage() {
  const session = await (await getAuth()).api.getSession({ headers: await headers() });
  if (!session) redirect('/login');
  const user = session.user as typeof session.user & { plan?: string };
  return (
    <main>
      <div className="card wide stack">
        <div className="row between">
          <h1>Settings</h1>
          <SignOutButton />
        </div>
        <section aria-labelledby="profile-h">
          <h2 id="profile-h">Profile</h2>
          <dl className="facts">
            <dt>Name</dt>
            <dd>{user.name}</dd>
            <dt>Email</dt>
            <dd>{user.email}</dd>
            <dt>Plan</dt>
            <dd className="plan">{user.plan ?? 'free'}</dd>
          </dl>
        </section>
        <TokenManager />
      </div>
    </main>
  );
}
