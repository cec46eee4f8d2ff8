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
