// The frame of every settings page: the list of settings pages (your account's, then the
// workspace's) beside the page. Webhooks is listed only for those who manage them. Profile comes
// first because /settings, where the sidebar's Settings leads, is Profile.
import type { ReactNode } from 'react';

type Page =
  | 'profile'
  | 'security'
  | 'workspace'
  | 'privacy'
  | 'members'
  | 'tokens'
  | 'docs'
  | 'tags'
  | 'webhooks'
  | 'sso'
  | 'directory-sync'
  | 'audit'
  | 'plan';

const WORKSPACE_PAGES: Array<[Page, string, string]> = [
  ['workspace', 'General', '/settings/workspace'],
  ['privacy', 'Privacy', '/settings/privacy'],
  ['members', 'Members', '/settings/members'],
  // Not a settings page: the links' tags live beside the links, listed here where people look for them too.
  ['tags', 'Tags', '/links/tags'],
  ['tokens', 'API tokens', '/settings/tokens'],
  // Not a settings page: the REST API's reference, listed next to the tokens it is used with.
  ['docs', 'API reference', '/docs'],
  ['webhooks', 'Webhooks', '/settings/webhooks'],
  ['sso', 'Single sign-on', '/settings/sso'],
  ['directory-sync', 'Directory sync', '/settings/directory-sync'],
  ['audit', 'Audit log', '/settings/audit'],
  ['plan', 'Plan & usage', '/settings/plan'],
];
const ACCOUNT_PAGES: Array<[Page, string, string]> = [
  ['profile', 'Profile', '/settings'],
  ['security', 'Security', '/settings/security'],
];

interface SettingsShellProps {
  current: Page;
  /** Whether the Webhooks, Single sign-on and Audit log pages are listed (admins and the owner). */
  showWebhooks: boolean;
  children: ReactNode;
}

function PageList({ id, title, pages, current }: { id: string; title: string; pages: Array<[Page, string, string]>; current: Page }) {
  return (
    <>
      <p className="nav-group" id={id}>
        {title}
      </p>
      <ul aria-labelledby={id}>
        {pages.map(([page, label, href]) => (
          <li key={page}>
            <a href={href} aria-current={page === current ? 'page' : undefined}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

export function SettingsShell({ current, showWebhooks, children }: SettingsShellProps) {
  return (
    <main className="settings">
      <div className="settings-layout">
        <nav className="settings-nav" aria-label="Settings sections">
          <p className="settings-title">Settings</p>
          <PageList id="settings-nav-account" title="Your account" pages={ACCOUNT_PAGES} current={current} />
          <PageList
            id="settings-nav-workspace"
            title="Workspace"
            pages={WORKSPACE_PAGES.filter(([p]) => !['webhooks', 'sso', 'directory-sync', 'audit'].includes(p) || showWebhooks)}
            current={current}
          />
        </nav>
        <div className="settings-sections">{children}</div>
      </div>
    </main>
  );
}

/** One titled card on a settings page; the page's first one carries the page's <h1>. */
export function SettingsSection({
  id,
  title,
  level = 2,
  children,
  className,
}: {
  id: string;
  title: string;
  level?: 1 | 2;
  children: ReactNode;
  className?: string;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section id={id} aria-labelledby={`${id}-h`} className={`settings-section stack${className ? ` ${className}` : ''}`}>
      <Heading id={`${id}-h`} className={level === 1 ? 'section-title' : undefined}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
