// better-auth, built once per process on the shared database handle (DESIGN §1: sessions, and
// later 2FA, organizations and SSO). Route handlers reach it through getAuth().
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { accounts, sessions, users, verifications } from '../../db/schema';
import { loadConfig } from '../config/load-config';
import { database } from '../db/database';
import { getGlobalSingleton, setGlobalSingleton } from '../runtime/global-singleton';
import { hashPassword, verifyPassword } from './password';

function createAuth(db: Awaited<ReturnType<typeof database>>['db']) {
  const config = loadConfig();
  return betterAuth({
    baseURL: config.BASE_URL,
    basePath: '/api/auth',
    secret: config.SECRET_KEY,
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    user: {
      additionalFields: {
        plan: { type: 'string', defaultValue: 'free', input: false },
      },
    },
    advanced: { database: { generateId: () => crypto.randomUUID() } },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The process's better-auth instance. */
export async function getAuth(): Promise<Auth> {
  let auth = getGlobalSingleton<Auth>('auth');
  if (!auth) {
    auth = createAuth((await database()).db);
    setGlobalSingleton('auth', auth);
  }
  return auth;
}
