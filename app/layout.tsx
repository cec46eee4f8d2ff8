import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { SiteHeader } from '@/components/site-header';
import { ToastProvider } from '@/components/toasts';
import './globals.css';
import './workspace.css';

export const metadata: Metadata = {
  title: 'Sling — short links that just work',
  description: 'Self-hostable link management: short links, custom domains, QR codes and analytics.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#content">
          Skip to content
        </a>
        <ToastProvider>
          <SiteHeader />
          {/* Pages render their own <main>; this wrapper is the skip link's target. */}
          <div id="content" className="content" tabIndex={-1}>
            {children}
          </div>
          <footer className="site">Sling — self-hosted link management</footer>
        </ToastProvider>
      </body>
    </html>
  );
}
