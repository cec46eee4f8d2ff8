// The frame of every settings page: the section nav (the workspace's pages, then your account's
// sections on /settings) beside the page's sections. Webhooks is listed only for those who manage them.
import type { ReactNode } from 'react';

export const ACCOUNT_SECTIONS = [
  ['profile', 'Profile'],
  ['domain', 'Default domain'],
  ['tokens', 'API tokens'],
  ['two-factor', 'Two-factor authentication'],
  ['sessions', 'Sessions'],
  ['history', 'Login history'],
] as const;

type Page = 'account' | 'workspace' | 'members' | 'webhooks';

interface SettingsShellProps {
  current: Page;
  /** Whether the Webhooks page is listed (admins and the owner). */
  showWebhooks: boolean;
  children: ReactNode;
}

export function SettingsShell({ current, showWebhooks, children }: SettingsShellProps) {
  const workspacePages: Array<[Page, string, string]> = [
    ['workspace', 'General', '/settings/workspace'],
    ['members', 'Members', '/settings/members'],
    ...(showWebhooks ? [['webhooks', 'Webhooks', '/settings/webhooks'] as [Page, string, string]] : []),
  ];
  // On /settings the account sections are anchors on the page; elsewhere they lead back to it.
  const accountHref = (id: string) => (current === 'account' ? `#${id}` : `/settings#${id}`);
  return (
    <main className="settings">
      <div className="settings-layout">
        <nav className="settings-nav" aria-label="Settings sections">
          {current === 'account' ? <h1>Settings</h1> : <p className="settings-title">Settings</p>}
          <p className="nav-group" id="settings-nav-workspace">
            Workspace
          </p>
          <ul aria-labelledby="settings-nav-workspace">
            {workspacePages.map(([page, title, href]) => (
              <li key={page}>
                <a href={href} aria-current={page === current ? 'page' : undefined}>
                  {title}
                </a>
              </li>
            ))}
          </ul>
          <p className="nav-group" id="settings-nav-account">
            Your account
          </p>
          <ul aria-labelledby="settings-nav-account">
            {ACCOUNT_SECTIONS.map(([id, title]) => (
              <li key={id}>
                <a href={accountHref(id)}>{title}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="settings-sections">{children}</div>
      </div>
    </main>
  );
}
