import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: 'Sling — short links that just work',
  description: 'Self-hostable link management: short links, custom domains, QR codes and analytics.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="site">
          <a className="logo" href="/">
            Sling<span>.</span>
          </a>
          <nav className="site" aria-label="Account">
            <a href="/settings">Settings</a>
            <a href="/login">Sign in</a>
          </nav>
        </header>
        {children}
        <footer className="site">Sling — self-hosted link management</footer>
      </body>
    </html>
  );
}
