// Accounts and tokens made the way an admin would: with the CLI (before the server starts when
// the database is PGlite, which allows one process at a time).
import { runSling } from './sling-process';

export async function createUserWithToken(env: Record<string, string>, email: string, plan = 'free'): Promise<string> {
  const user = await runSling(['users', 'create', '--email', email, '--password-stdin', '--plan', plan], env, 'correct horse 1\n');
  if (user.code !== 0) throw new Error(`users create failed: ${user.stderr}`);
  const token = await runSling(['tokens', 'create', '--email', email, '--name', 'test'], env);
  if (token.code !== 0) throw new Error(`tokens create failed: ${token.stderr}`);
  return token.stdout.trim().split('\n').at(-1)!;
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
