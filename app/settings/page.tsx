import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { When } from '@/components/when';
import { ProfileForm } from '@/components/profile-form';
import { ACCOUNT_SECTIONS, SettingsShell } from '@/components/settings-shell';
import { SessionList } from '@/components/session-list';
import { TokenManager } from '@/components/token-manager';
import { TwoFactorSettings } from '@/components/two-factor-settings';
import { getAuth } from '@/lib/auth/auth';
import { deviceName } from '@/lib/auth/device-name';
import { findLoginHistory } from '@/lib/auth/login-history';
import { database } from '@/lib/db/database';
import { currentDomains } from '@/lib/domains/current-domains';
import { can } from '@/lib/workspaces/actor';
import { actorForSession } from '@/lib/workspaces/session-actor';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Settings — Sling' };

type SectionId = (typeof ACCOUNT_SECTIONS)[number][0];

function Section({ id, children }: { id: SectionId; children: ReactNode }) {
  const title = ACCOUNT_SECTIONS.find(([s]) => s === id)![1];
  return (
    <section id={id} aria-labelledby={`${id}-h`} className="settings-section stack">
      <h2 id={`${id}-h`}>{title}</h2>
      {children}
    </section>
  );
}

export default async function SettingsPage() {
  const auth = await getAuth();
  const requestHeaders = await headers();
  const session = await auth.api.getSession({ headers: requestHeaders });
  if (!session) redirect('/login?next=%2Fsettings');
  const db = (await database()).db;
  const actor = await actorForSession(db, session);
  const [domains, history, sessions] = await Promise.all([
    currentDomains(),
    findLoginHistory(db, session.user.id),
    auth.api.listSessions({ headers: requestHeaders }),
  ]);
  // Device names are worked out here so the browser does not need a user-agent parser.
  const devices = Object.fromEntries(sessions.map((s) => [s.userAgent ?? '', deviceName(s.userAgent)]));
  const user = session.user as typeof session.user & { twoFactorEnabled?: boolean };
  return (
    <SettingsShell current="account" showWebhooks={can(actor, 'webhooks.read')}>
      <Section id="profile">
        <ProfileForm name={user.name} email={user.email} />
      </Section>
      <Section id="domain">
        <p>
          New short links use <strong data-testid="default-domain">{domains.defaultDomain.hostname}</strong>.
        </p>
        <p className="muted">This is the instance&apos;s one domain; custom domains will get their own settings.</p>
      </Section>
      <Section id="tokens">
        <p className="muted" data-testid="tokens-workspace">
          Tokens let scripts use the REST API and <code>/api.php</code> as you, inside the workspace <strong>{actor.workspace.name}</strong>: they see and change only its
          links, and only what their permissions allow. For another workspace, switch to it first and make a token there. Send{' '}
          <code>Authorization: Bearer &lt;token&gt;</code>.
        </p>
        <TokenManager />
      </Section>
      <Section id="two-factor">
        <TwoFactorSettings enabled={Boolean(user.twoFactorEnabled)} />
      </Section>
      <Section id="sessions">
        <SessionList currentToken={session.session.token} devices={devices} />
      </Section>
      <Section id="history">
        {history.length === 0 ? (
          <p className="muted">No sign-ins recorded yet. Each sign-in, and each wrong password, will be listed here.</p>
        ) : (
          <div className="table-scroll">
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
                    <td>
                      <When iso={new Date(e.at).toISOString()} />
                    </td>
                    <td>{e.device}</td>
                    <td>{e.ip ?? '—'}</td>
                    <td>{e.success ? 'signed in' : 'wrong password'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
    </SettingsShell>
  );
}
