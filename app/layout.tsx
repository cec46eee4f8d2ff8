import '@fontsource-variable/inter';
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { AppShell } from '@/components/app-shell';
import { SiteHeader } from '@/components/site-header';
import { ToastProvider } from '@/components/toasts';
import { currentViewer } from './_lib/current-viewer';
import './globals.css';
import './workspace.css';
import './shell.css';
import './links.css';
import './folders.css';
import './tags.css';
import './sso.css';
import './social-preview.css';

export const metadata: Metadata = {
  title: 'Sling — short links that just work',
  description: 'Self-hostable link management: short links, custom domains, QR codes and analytics.',
};

// Signed in: every page sits in the app shell (sidebar, workspace switcher); signed out: the site header.
export default async function RootLayout({ children }: { children: ReactNode }) {
  const viewer = await currentViewer();
  return (
    <html lang="en">
      <body className={viewer ? 'signed-in' : undefined}>
        <a className="skip-link" href="#content">
          Skip to content
        </a>
        <ToastProvider>
          {viewer ? (
            <AppShell viewer={viewer}>{children}</AppShell>
          ) : (
            <>
              <SiteHeader />
              {/* Pages render their own <main>; this wrapper is the skip link's target. */}
              <div id="content" className="content" tabIndex={-1}>
                {children}
              </div>
              <footer className="site">
                Sling — self-hosted link management · <a href="/docs">API reference</a>
              </footer>
            </>
          )}
        </ToastProvider>
      </body>
    </html>
  );
}
