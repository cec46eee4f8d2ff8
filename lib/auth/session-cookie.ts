// better-auth's session cookie, by name: a request without one has no session, so it is refused
// without loading better-auth or asking the database (an anonymous upload costs nothing).
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=[^;\s]/;

/** True when the request carries a session cookie (valid or not: better-auth decides that). */
export function hasSessionCookie(headers: Headers): boolean {
  return SESSION_COOKIE.test(headers.get('cookie') ?? '');
}

/** The request's session cookie(s) as sent (the key session-lookup.ts remembers them by); null without one. */
export function sessionCookies(headers: Headers): string | null {
  const found = (headers.get('cookie') ?? '').match(/(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=[^;]+/g);
  return found ? found.join(';') : null;
}
