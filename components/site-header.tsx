// The header on every page: the signed-in state is read from the session cookie on the server,
// with the session's workspace and the user's other workspaces for the switcher.
import { headers } from 'next/headers';
import { getAuth } from '@/lib/auth/auth';
import { database } from '@/lib/db/database';
import { listUserWorkspaces } from '@/lib/workspaces/list-user-workspaces';
import { actorForSession } from '@/lib/workspaces/session-actor';
import { SignOutButton } from './sign-out-button';
import { WorkspaceSwitcher } from './workspace-switcher';

export async function SiteHeader() {
  // headers() first: it marks every page dynamic, so the build never opens the database.
  const requestHeaders = await headers();
  const session = await (await getAuth()).api.getSession({ headers: requestHeaders });
  const db = session ? (await database()).db : null;
  // The actor first: it creates a missing personal workspace, which the list then includes.
  const actor = session && db ? await actorForSession(db, session) : null;
  const workspaces = session && db ? await listUserWorkspaces(db, session.user.id) : [];
  return (
    <header className="site">
      <div className="brand">
        <a className="logo" href="/">
          Sling<span>.</span>
        </a>
        {actor ? <WorkspaceSwitcher currentId={actor.workspaceId} workspaces={workspaces} /> : null}
      </div>
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
