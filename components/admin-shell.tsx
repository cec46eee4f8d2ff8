// The frame of the admin console's pages: the console's page list beside the page (the settings
// pages' layout).
import type { ReactNode } from 'react';

type Page = 'queue' | 'users' | 'settings';

const PAGES: Array<[Page, string, string]> = [
  ['queue', 'Review queue', '/admin'],
  ['users', 'Users', '/admin/users'],
  ['settings', 'Instance settings', '/admin/settings'],
];

export function AdminShell({ current, children }: { current: Page; children: ReactNode }) {
  return (
    <main className="settings admin">
      <div className="settings-layout">
        <nav className="settings-nav" aria-label="Admin console">
          <p className="nav-group" id="admin-nav-title">
            Admin console
          </p>
          <ul aria-labelledby="admin-nav-title">
            {PAGES.map(([page, label, href]) => (
              <li key={page}>
                <a href={href} aria-current={page === current ? 'page' : undefined}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="settings-sections">{children}</div>
      </div>
    </main>
  );
}
