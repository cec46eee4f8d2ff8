// The header on every page: the signed-in state is read from the session cookie on the server.
import { headers } from 'next/headers';
import { getAuth } from '@/lib/auth/auth';
import { SignOutButton } from './sign-out-button';

export async function SiteHeader() {
  // headers() first: it marks every page dynamic, so the build never opens the database.
  const requestHeaders = await headers();
  const session = await (await getAuth()).api.getSession({ headers: requestHeaders });
  return (
    <header className="site">
      <a className="logo" href="/">
        Sling<span>.</span>
      </a>
      <nav className="site" aria-label="Account">
        {session ? (
          <>
            <a href="/links">Links</a>
            <a href="/settings">Settings</a>
            <span className="who" data-testid="header-email" title={session.user.email}>
              {session.user.email}
            </span>
            <SignOutButton />
          </>
        ) : (
          <>
            <a href="/login">Sign in</a>
            <a href="/signup" className="button">
              Sign up
            </a>
          </>
        )}
      </nav>
    </header>
  );
}
