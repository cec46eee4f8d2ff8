import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { SessionList } from '@/components/session-list';
import { SignOutButton } from '@/components/sign-out-button';
import { TokenManager } from '@/components/token-manager';
import { TwoFactorSettings } from '@/components/two-factor-settings';
import { getAuth } from '@/lib/auth/auth';
import { deviceName } from '@/lib/auth/device-name';
import { findLoginHistory } from '@/lib/auth/login-history';
import { database } from '@/lib/db/database';
import { currentDomains } from '@/lib/domains/current-domains';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Settings — Sling' };

export default async function SettingsPage() {
  const auth = await getAuth();
  const requestHeaders = await headers();
  const session = await auth.api.getSession({ headers: requestHeaders });
  if (!session) redirect('/login');
  const db = (await database()).db;
  const domains = await currentDomains();
  const [history, sessions] = await Promise.all([findLoginHistory(db, session.user.id), auth.api.listSessions({ headers: requestHeaders })]);
  // Device names are worked out here so the browser does not need a user-agent parser.
  const devices = Object.fromEntries(sessions.map((s) => [s.userAgent ?? '', deviceName(s.userAgent)]));
  const user = session.user as typeof session.user & { plan?: string; twoFactorEnabled?: boolean };
  return (
    <main>
      <div className="card wide stack">
        <div className="row between">
          <h1>Settings</h1>
          <div className="row">
            <a href="/links">Links</a>
            <a href="/settings/webhooks">Webhooks</a>
            <SignOutButton />
          </div>
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
            <dt>Default domain</dt>
            <dd>{domains.defaultDomain.hostname} (custom domains arrive with their own settings)</dd>
          </dl>
        </section>
        <TokenManager />
        <TwoFactorSettings enabled={Boolean(user.twoFactorEnabled)} />
        <SessionList currentToken={session.session.token} devices={devices} />
        <section aria-labelledby="history-h">
          <h2 id="history-h">Login history</h2>
          <table>
            <thead>
              <tr>
                <th>Time</th>
                <th>Device</th>
                <th>IP address</th>
                <th>Result</th>
              </tr>
            </thead>
            <tbody>
              {history.map((e) => (
                <tr key={e.id} data-testid="login-row">
                  <td>{new Date(e.at).toISOString().replace('T', ' ').slice(0, 19)} UTC</td>
                  <td>{e.device}</td>
                  <td>{e.ip ?? '—'}</td>
                  <td>{e.success ? 'signed in' : 'wrong password'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </main>
  );
}
