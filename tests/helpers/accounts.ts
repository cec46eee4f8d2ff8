// Accounts and tokens as an admin makes them with `sling users create` and `sling tokens create`
// (before the server starts when the database is PGlite, which allows one process at a time);
// made in the test process through the same lib functions (seed-in-process.ts).
import type { ApiClient } from './api-client';
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
  return signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Signs in through the API client's transport (in process or over HTTP): the session cookie header. */
export async function signIn(api: ApiClient, email: string, password = 'correct horse 1'): Promise<string> {
  const res = await api.fetch('/api/auth/sign-in/email', {
    method: 'POST',
    as: 'none',
    headers: { 'content-type': 'application/json', origin: api.baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** signUpAndIn through the API client's transport. */
export async function signUpAndInVia(api: ApiClient, email: string, name = 'Test User', password = 'correct horse 1'): Promise<string> {
  const up = await api.fetch('/api/auth/sign-up/email', {
    method: 'POST',
    as: 'none',
    headers: { 'content-type': 'application/json', origin: api.baseUrl },
    body: JSON.stringify({ email, password, name }),
  });
  if (up.status !== 200) throw new Error(`sign-up failed: ${up.status} ${await up.text()}`);
  return signIn(api, email, password);
}
