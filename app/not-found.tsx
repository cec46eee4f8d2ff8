import { currentViewer } from './_lib/current-viewer';

// Signed in, a missing page (or a link outside the workspace) is the dashboard's 404, inside the
// app shell; a visitor gets the public one.
export default async function NotFound() {
  if (await currentViewer()) {
    return (
      <main className="notfound app-notfound">
        <p className="notfound-code">404</p>
        <h1>Page not found</h1>
        <p className="muted">There is nothing here in this workspace. The link may have been deleted, or it belongs to another workspace.</p>
        <p className="row center">
          <a className="button" href="/links">
            Go to your links
          </a>
          <a className="button secondary" href="/settings">
            Settings
          </a>
        </p>
      </main>
    );
  }
  return (
    <main className="notfound">
      <h1>404</h1>
      <p>This short link does not exist, or it was removed.</p>
      <p>
        <a href="/">Make your own short link</a>
      </p>
    </main>
  );
}
