// The header of the public pages (home, sign-in, sign-up) for a signed-out visitor; signed in,
// the app shell's sidebar takes its place.
export function SiteHeader() {
  return (
    <header className="site">
      <div className="brand">
        <a className="logo" href="/">
          Sling<span>.</span>
        </a>
      </div>
      <nav className="site" aria-label="Account">
        <a href="/login">Sign in</a>
        <a href="/signup" className="button">
          Sign up
        </a>
      </nav>
    </header>
  );
}
