// Accounts and tokens made in the test process through the lib functions `sling users create` and
// `sling tokens create` call (better-auth's sign-up with its hooks, the plan, createApiToken), on
// the database the CLI would open with `env`: two CLI processes per account cost seconds of CPU
// each. When a live server holds an embedded DATA_DIR (PGlite admits one process), the CLI is
// used instead, and the server runs it through its admin socket as before.
import { and, eq } from 'drizzle-orm';
import { workspaceMembers, type Plan } from '../../db/schema';
import { createAuth } from '../../lib/auth/auth';
import { lookUpUserByEmail, findUserByEmail } from '../../lib/auth/find-user-by-email';
import { parseEnv, type Config } from '../../lib/config/env';
import { resolveSecretKey } from '../../lib/config/secret-key';
import { applyMigrations } from '../../lib/db/migrate';
import { openDatabase } from '../../lib/db/open-database';
import type { DbHandle } from '../../lib/db/types';
import { ensureDefaultDomain } from '../../lib/domains/domain-registry';
import { liveLockHolder, lockDataDir } from '../../lib/runtime/data-dir-lock';
import { createApiToken } from '../../lib/tokens/manage-tokens';
import { findWorkspaceBySlug, personalWorkspaceOf } from '../../lib/workspaces/find-workspace';
import { setWorkspacePlan } from '../../lib/workspaces/set-workspace-plan';
import { runSling } from './sling-process';

type Env = Record<string, string>;

const PASSWORD = 'correct horse 1';

/** Runs `fn` on the database of `env` as the CLI opens it (migrated, default domain); undefined when a server holds it. */
async function withCliDatabase<T>(env: Env, fn: (handle: DbHandle, config: Config & { SECRET_KEY: string }) => Promise<T>): Promise<{ value: T } | undefined> {
  const parsed = parseEnv({ NEXT_TELEMETRY_DISABLED: '1', SAFETY_DEEP_SCAN: 'false', ...env });
  if (!parsed.DATABASE_URL && liveLockHolder(parsed.DATA_DIR) !== null) return undefined;
  const config = { ...parsed, SECRET_KEY: resolveSecretKey(parsed) };
  const unlock = config.DATABASE_URL ? () => {} : lockDataDir(config.DATA_DIR);
  let handle: DbHandle | undefined;
  try {
    handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, maxConnections: 2 });
    await applyMigrations(handle, config.DATABASE_URL);
    await ensureDefaultDomain(handle, config.baseHost);
    return { value: await fn(handle, config) };
  } finally {
    await handle?.close();
    unlock();
  }
}

async function cli(args: string[], env: Env, input?: string): Promise<string> {
  const run = await runSling(args, env, input);
  if (run.code !== 0) throw new Error(`sling ${args.slice(0, 2).join(' ')} failed: ${run.stderr}`);
  return run.stdout.trim().split('\n').at(-1)!;
}

export interface UserOptions {
  plan?: string;
  password?: string;
  name?: string;
}

async function signUp(handle: DbHandle, config: Config & { SECRET_KEY: string }, email: string, opts: UserOptions): Promise<void> {
  const db = handle.db;
  if (await lookUpUserByEmail(db, email)) throw new Error(`users create failed: an account with the email ${email} already exists`);
  const { user } = await createAuth(db, config).api.signUpEmail({
    body: { email, password: opts.password ?? PASSWORD, name: opts.name ?? email.split('@')[0] },
  });
  await setWorkspacePlan(db, (await personalWorkspaceOf(db, user.id)).id, (opts.plan ?? 'free') as Plan);
}

async function newToken(handle: DbHandle, email: string, name: string, workspace?: string, scopes?: string[]): Promise<string> {
  const db = handle.db;
  const user = await findUserByEmail(db, email);
  const ws = workspace ? await findWorkspaceBySlug(db, workspace) : await personalWorkspaceOf(db, user.id);
  const [member] = await db
    .select()
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.organizationId, ws.id), eq(workspaceMembers.userId, user.id)))
    .limit(1);
  if (!member) throw new Error(`tokens create failed: ${email} is not a member of the workspace ${ws.slug}`);
  return (await createApiToken(db, { userId: user.id, workspaceId: ws.id, name, scopes })).secret;
}

const usersCreateArgs = (email: string, opts: UserOptions) => [
  'users',
  'create',
  '--email',
  email,
  '--password-stdin',
  '--plan',
  opts.plan ?? 'free',
  ...(opts.name ? ['--name', opts.name] : []),
];
const tokensCreateArgs = (email: string, name: string, workspace?: string) => [
  'tokens',
  'create',
  '--email',
  email,
  '--name',
  name,
  ...(workspace ? ['--workspace', workspace] : []),
];

/** As `sling users create --email E --password-stdin --plan P [--name N]`. */
export async function seedUser(env: Env, email: string, opts: UserOptions = {}): Promise<void> {
  const done = await withCliDatabase(env, (handle, config) => signUp(handle, config, email, opts));
  if (!done) await cli(usersCreateArgs(email, opts), env, `${opts.password ?? PASSWORD}\n`);
}

/** As `sling tokens create --email E --name N [--workspace slug]`: the token's secret. `scopes` (default: every scope) only before a server holds the database. */
export async function seedToken(env: Env, email: string, opts: { name?: string; workspace?: string; scopes?: string[] } = {}): Promise<string> {
  const name = opts.name ?? 'test';
  const done = await withCliDatabase(env, (handle) => newToken(handle, email, name, opts.workspace, opts.scopes));
  if (!done && opts.scopes) throw new Error('seedToken: scopes can be given only while no server holds the database');
  return done ? done.value : cli(tokensCreateArgs(email, name, opts.workspace), env);
}

/** Accounts and tokens made on a database this process already has open (an in-process Sling's, in-process-sling.ts). */
export function seedOn(handle: DbHandle, config: Config & { SECRET_KEY: string }) {
  return {
    user: (email: string, opts: UserOptions = {}) => signUp(handle, config, email, opts),
    token: (email: string, opts: { name?: string; workspace?: string; scopes?: string[] } = {}) =>
      newToken(handle, email, opts.name ?? 'test', opts.workspace, opts.scopes),
    userWithToken: async (email: string, opts: UserOptions & { tokenName?: string } = {}) => {
      await signUp(handle, config, email, opts);
      return newToken(handle, email, opts.tokenName ?? 'test');
    },
  };
}

/** seedUser then seedToken (personal workspace), on one opening of the database. */
export async function seedUserWithToken(env: Env, email: string, opts: UserOptions & { tokenName?: string } = {}): Promise<string> {
  const name = opts.tokenName ?? 'test';
  const done = await withCliDatabase(env, async (handle, config) => {
    await signUp(handle, config, email, opts);
    return newToken(handle, email, name);
  });
  if (done) return done.value;
  await cli(usersCreateArgs(email, opts), env, `${opts.password ?? PASSWORD}\n`);
  return cli(tokensCreateArgs(email, name), env);
}
