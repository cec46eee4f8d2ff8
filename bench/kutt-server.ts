// Kutt v3 (github.com/thedevs-network/kutt, a checkout with its dependencies at BENCH_KUTT_DIR) for
// bench/kutt-head-to-head.ts: its environment, its own migrations (knex CLI, as its Dockerfile runs
// them), a user with an API key and the links seeded through its own knex, and its production start.
// Nothing of Kutt is copied here: its code runs from the checkout.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { SeedLink } from './bench-database';
import { type ServerProcess, startServer } from '../tests/helpers/processes';

/** Where Kutt keeps its data: a PostgreSQL database, or its default, an SQLite file. */
export type KuttStore = { databaseUrl: string } | { sqliteFile: string };

export interface KuttRedis {
  host: string;
  port: number;
  /** A database number of Kutt's own: its link and user caches outlive a run, so the bench empties it. */
  db: number;
}

/** The part of Kutt's knex the bench uses (typed here: the checkout ships no types for it). */
interface Knex {
  (table: string): KnexQuery;
  batchInsert(table: string, rows: object[], chunk: number): Promise<unknown>;
  destroy(): Promise<void>;
}
interface KnexQuery extends PromiseLike<Array<Record<string, unknown>>> {
  insert(row: object, returning: string): Promise<Array<Record<string, unknown>>>;
  where(column: string, value: unknown): KnexQuery;
  count(expr: string): KnexQuery;
  sum(expr: string): KnexQuery;
}

export interface KuttAccount {
  userId: number;
  apiKey: string;
}

/** Fails with what to do when BENCH_KUTT_DIR is not a Kutt checkout with its dependencies. */
export function checkKuttDir(dir: string, store: KuttStore) {
  const missing = ['server/server.js', 'node_modules/knex/bin/cli.js', 'node_modules/express'].filter((p) => !existsSync(join(dir, p)));
  if (missing.length > 0)
    throw new Error(`BENCH_KUTT_DIR=${dir} is not a Kutt checkout with its dependencies (missing ${missing.join(', ')}): clone it and run npm ci there.`);
  if ('sqliteFile' in store && !existsSync(join(dir, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'))) {
    throw new Error('better-sqlite3 is not built in the Kutt checkout: set BENCH_DATABASE_URL to compare on PostgreSQL instead.');
  }
}

/** Kutt's settings (its server/env.js): no mail, no sign-up, no anonymous links, no rate limits. */
export function kuttEnv(port: number, store: KuttStore, redis?: KuttRedis): Record<string, string> {
  const db: Record<string, string> =
    'sqliteFile' in store
      ? { DB_CLIENT: 'better-sqlite3', DB_FILENAME: store.sqliteFile }
      : (() => {
          const url = new URL(store.databaseUrl);
          return {
            DB_CLIENT: 'pg',
            DB_HOST: url.hostname,
            DB_PORT: url.port || '5432',
            DB_NAME: url.pathname.slice(1),
            DB_USER: decodeURIComponent(url.username) || 'postgres',
            DB_PASSWORD: decodeURIComponent(url.password),
          };
        })();
  return {
    ...db,
    PORT: String(port),
    // Requests come to 127.0.0.1:<port>: as the default domain, no request looks up a custom domain.
    DEFAULT_DOMAIN: `127.0.0.1:${port}`,
    SITE_NAME: 'Kutt',
    JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789abcdef',
    TRUST_PROXY: 'false',
    DISALLOW_REGISTRATION: 'true',
    DISALLOW_ANONYMOUS_LINKS: 'true',
    ENABLE_RATE_LIMIT: 'false',
    MAIL_ENABLED: 'false',
    OIDC_ENABLED: 'false',
    NODE_APP_INSTANCE: '0',
    REDIS_ENABLED: redis ? 'true' : 'false',
    ...(redis && { REDIS_HOST: redis.host, REDIS_PORT: String(redis.port), REDIS_DB: String(redis.db), REDIS_PASSWORD: '' }),
  };
}

/** Kutt's migrations, then a verified user with an API key and `seed` as that user's links. */
export async function prepareKutt(dir: string, env: Record<string, string>, store: KuttStore, seed: SeedLink[]): Promise<KuttAccount> {
  const migrate = spawnSync(process.execPath, [join(dir, 'node_modules/knex/bin/cli.js'), 'migrate:latest'], {
    cwd: dir,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (migrate.status !== 0) throw new Error(`Kutt's migrations failed (${migrate.status ?? migrate.signal}):\n${migrate.stdout}${migrate.stderr}`);
  return withKuttKnex(dir, store, async (knex) => {
    // Kutt keeps API keys as they are and looks users up by them (server/passport.js, queries/user.queries.js).
    const apiKey = randomBytes(20).toString('hex');
    const [user] = await knex('users').insert(
      { email: 'bench@example.com', password: 'unused: the bench signs in with the API key', apikey: apiKey, verified: true },
      'id',
    );
    const userId = Number(user.id);
    // Owned links: Kutt records visits only for links that have a user (links.handler.js redirect).
    // knex inserts SQLite batches as one compound SELECT, which SQLite caps at 500 terms.
    await knex.batchInsert(
      'links',
      seed.map((l) => ({ address: l.code, target: l.url, user_id: userId })),
      400,
    );
    return { userId, apiKey };
  });
}

/** `node server/server.js --production`, Kutt's `npm start`. */
export function startKutt(dir: string, port: number, env: Record<string, string>, logFile: string): ServerProcess {
  return startServer({ group: true, name: 'Kutt', args: [join(dir, 'server/server.js'), '--production'], env, port, logFile, cwd: dir });
}

/** Links of `userId` and the sum of their visit counters (Kutt's stored visits). */
export async function countKutt(dir: string, store: KuttStore, userId: number): Promise<{ links: number; visits: number }> {
  return withKuttKnex(dir, store, async (knex) => {
    const [row] = await knex('links').where('user_id', userId).count('* as links').sum('visit_count as visits');
    return { links: Number(row.links), visits: Number(row.visits ?? 0) };
  });
}

/**
 * Kutt's stored visits while it runs, for bench/settle.ts (PostgreSQL only: a second SQLite
 * connection could make Kutt's own writes wait). Close it when done.
 */
export function liveVisitCounter(dir: string, store: KuttStore, userId: number): { count: () => Promise<number>; close: () => Promise<void> } | undefined {
  if ('sqliteFile' in store) return undefined;
  const knex = openKnex(dir, store);
  return {
    count: async () => Number((await knex('links').where('user_id', userId).sum('visit_count as visits'))[0].visits ?? 0),
    close: () => knex.destroy(),
  };
}

async function withKuttKnex<T>(dir: string, store: KuttStore, fn: (knex: Knex) => Promise<T>): Promise<T> {
  const knex = openKnex(dir, store);
  try {
    return await fn(knex);
  } finally {
    await knex.destroy();
  }
}

/** Kutt's own knex and database driver, from its checkout. */
function openKnex(dir: string, store: KuttStore): Knex {
  const knexFactory = createRequire(join(dir, 'package.json'))('knex') as (config: object) => Knex;
  return 'sqliteFile' in store
    ? knexFactory({ client: 'better-sqlite3', connection: { filename: store.sqliteFile }, useNullAsDefault: true })
    : knexFactory({ client: 'pg', connection: store.databaseUrl, pool: { min: 0, max: 1 } });
}
