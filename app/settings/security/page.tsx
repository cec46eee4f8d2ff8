import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { PasskeySettings } from '@/components/passkey-settings';
import { SessionList } from '@/components/session-list';
import { SettingsSection, SettingsShell } from '@/components/settings-shell';
import { TwoFactorSettings } from '@/components/two-factor-settings';
import { When } from '@/components/when';
import { actorForSession, can, database, deviceName, findLoginHistory, getAuth, sessionMethodLabels, signInMethodLabel } from '@/app/_lib/sling';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Security — Sling' };

// Settings → Security: two-factor authentication, passkeys, the devices signed in, and the sign-ins so far.
export default async function SecurityPage() {
  const requestHeaders = await headers();
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: requestHeaders });
  if (!session) redirect('/login?next=%2Fsettings%2Fsecurity');
  const db = (await database()).db;
  const [actor, history, sessions, methods] = await Promise.all([
    actorForSession(db, session),
    findLoginHistory(db, session.user.id),
    auth.api.listSessions({ headers: requestHeaders }),
    sessionMethodLabels(db, session.user.id),
  ]);
  // Device names are worked out here so the browser does not need a user-agent parser.
  const devices = Object.fromEntries(sessions.map((s) => [s.userAgent ?? '', deviceName(s.userAgent)]));
  const user = session.user as typeof session.user & { twoFactorEnabled?: boolean };
  return (
    <SettingsShell current="security" showWebhooks={can(actor, 'webhooks.read')}>
      <SettingsSection id="two-factor" title="Two-factor authentication" level={1}>
        <TwoFactorSettings enabled={Boolean(user.twoFactorEnabled)} />
      </SettingsSection>
      <SettingsSection id="passkeys" title="Passkeys">
        <PasskeySettings />
      </SettingsSection>
      <SettingsSection id="sessions" title="Sessions">
        <SessionList currentId={session.session.id} devices={devices} methods={methods} />
      </SettingsSection>
      <SettingsSection id="history" title="Login history">
        {history.length === 0 ? (
          <p className="muted">No sign-ins recorded yet. Each sign-in, and each wrong password, will be listed here.</p>
        ) : (
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Login history">
            <table>
              <thead>
                <tr>
                  <th>When</th>
                  <th>Device</th>
                  <th>IP address</th>
                  <th>Signed in with</th>
                  <th>Result</th>
                </tr>
              </thead>
              <tbody>
                {history.map((e) => (
                  <tr key={e.id} data-testid="login-row">
                    <td>
                      <When iso={new Date(e.at).toISOString()} />
                    </td>
                    <td>{e.device}</td>
                    <td>{e.ip ?? '—'}</td>
                    <td>{signInMethodLabel(e.method)}</td>
                    <td>{!e.success ? 'wrong password' : 'signed in'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </SettingsSection>
    </SettingsShell>
  );
}
