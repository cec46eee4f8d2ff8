// Accounts and tokens as an admin makes them with `sling users create` and `sling tokens create`
// (before the server starts when the database is PGlite, which allows one process at a time);
// made in the test process through the same lib functions (seed-in-process.ts).
import { seedUserWithToken } from './seed-in-process';

export async function createUserWithToken(env: Record<string, string>, email: string, plan = 'free'): Promise<string> {
  return seedUserWithToken(env, email, { plan });
}

/** Signs up through the API, then signs in (sign-up no longer signs in): the session cookie header. */
export async function signUpAndIn(baseUrl: string, email: string, name = 'Test User', password = 'correct horse 1'): Promise<string> {
  const headers = { 'content-type': 'application/json', origin: baseUrl };
  const up = await fetch(`${baseUrl}/api/auth/sign-up/email`, { method: 'POST', headers, body: JSON.stringify({ email, password, name }) });
  if (up.status !== 200) throw new Error(`sign-up failed: ${up.status} ${await up.text()}`);
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  return signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}
