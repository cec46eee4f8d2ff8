// The benchmark's own database: a temporary PGlite DATA_DIR, or a throw-away `sling_bench_<random>`
// database on BENCH_DATABASE_URL's server. Seeded before Sling starts, counted after it stops.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { domains, links, SYSTEM_WORKSPACE_ID } from '../db/schema';
import { applyMigrations } from '../lib/db/migrate';
import { openDatabase } from '../lib/db/open-database';
import type { DbHandle } from '../lib/db/types';
import { ensureDefaultDomain } from '../lib/domains/domain-registry';
import type { StoredRule } from '../lib/link-rules/rule-schema';
import type { LinkAbTestJson } from '../db/schema';

export interface BenchDatabase {
  /** Shown in the report. */
  label: string;
  dataDir: string;
  databaseUrl?: string;
  /** Drops the PostgreSQL database (PGlite's directory is removed with the temp dir). */
  drop(): Promise<void>;
}

export interface SeedLink {
  code: string;
  url: string;
  /** A social preview (lib/previews): link-preview bots get its Open Graph page, people the redirect. */
  previewTitle?: string;
  /** Routing rules (lib/link-rules), stored as given. */
  rules?: StoredRule[];
  /** An A/B test, stored as given. */
  abTest?: LinkAbTestJson;
}

/** Creates `sling_bench_<random>` on the server of `serverUrl` and returns its URL. */
export async function createPostgresDatabase(serverUrl: string, dataDir: string): Promise<BenchDatabase> {
  const name = `sling_bench_${randomBytes(6).toString('hex')}`;
  await withClient(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    label: `PostgreSQL (${url.host}/${name}, dropped afterwards)`,
    dataDir,
    databaseUrl: url.toString(),
    drop: () => withClient(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}

export function pgliteDatabase(dataDir: string): BenchDatabase {
  return { label: `PGlite (embedded, temporary DATA_DIR)`, dataDir, drop: async () => {} };
}

/** Migrates, makes `host` the default domain and inserts `seed` in one multi-row insert per 5,000. */
export async function seedDatabase(target: BenchDatabase, host: string, seed: SeedLink[]): Promise<void> {
  await withHandle(target, async (handle) => {
    await applyMigrations(handle, target.databaseUrl);
    await ensureDefaultDomain(handle, host);
    const [domain] = await handle.db.select({ id: domains.id }).from(domains).where(eq(domains.isDefault, true));
    // 5,000 rows × 3 parameters stays well under PostgreSQL's 65,535 parameters per statement.
    for (let i = 0; i < seed.length; i += 5_000) {
      const rows = seed.slice(i, i + 5_000).map((s) => ({
        workspaceId: SYSTEM_WORKSPACE_ID,
        domainId: domain.id,
        shortCode: s.code,
        longUrl: s.url,
        rules: s.rules ?? [],
        abTest: s.abTest ?? null,
      }));
      await handle.db.insert(links).values(rows);
    }
    for (const s of seed.filter((l) => l.previewTitle !== undefined)) {
      await handle.query(
        `INSERT INTO link_previews (link_id, workspace_id, title, description)
         SELECT id, workspace_id, $2, 'Seeded by the bench' FROM links WHERE domain_id = $1 AND short_code = $3`,
        [domain.id, s.previewTitle, s.code],
      );
    }
  });
}

/** Rows in `clicks` (bots among them) and the sum of the links' click counters (which leave bots out). */
export async function countClicks(target: BenchDatabase): Promise<{ rows: number; bots: number; counters: number }> {
  return withHandle(target, async (handle) => {
    const [r] = await handle.query<{ rows: string; bots: string; counters: string }>(
      `SELECT (SELECT count(*) FROM clicks)::text AS rows, (SELECT count(*) FROM clicks WHERE bot)::text AS bots,
              (SELECT coalesce(sum(clicks), 0) FROM links)::text AS counters`,
    );
    return { rows: Number(r.rows), bots: Number(r.bots), counters: Number(r.counters) };
  });
}

/**
 * Rows in `clicks` while Sling runs, for bench/settle.ts: PostgreSQL only (PGlite's directory is
 * Sling's alone while it runs; there the settle waits on Sling's CPU instead). Close it when done.
 */
export async function liveClickCounter(target: BenchDatabase): Promise<{ count: () => Promise<number>; close: () => Promise<void> } | undefined> {
  if (!target.databaseUrl) return undefined;
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  return {
    count: async () => Number((await client.query<{ n: string }>('SELECT count(*)::text AS n FROM clicks')).rows[0].n),
    close: () => client.end(),
  };
}

/** Links made by `userId` (the ones the link-creation scenario made; seeded links have no creator). */
export async function countLinksOf(target: BenchDatabase, userId: string): Promise<number> {
  return withHandle(target, async (handle) => {
    const [r] = await handle.query<{ n: string }>('SELECT count(*)::text AS n FROM links WHERE created_by = $1', [userId]);
    return Number(r.n);
  });
}

async function withHandle<T>(target: BenchDatabase, fn: (handle: DbHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, maxConnections: 2 });
  try {
    return await fn(handle);
  } finally {
    await handle.close();
  }
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * The environment of a benched Sling on `database`: loopback, its own data dir, no Redis, no TLS,
 * no proxy, warnings only, its event-loop probe writing to `loopDelayFile` (loop-delay.mjs).
 */
export function benchSlingEnv(database: BenchDatabase, baseUrl: string, loopDelayFile: string) {
  return {
    HOST: '127.0.0.1',
    BASE_URL: baseUrl,
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl,
    SECRET_KEY: database.databaseUrl ? 'bench-secret-key-0123456789abcdef0123456789abcdef' : undefined,
    REDIS_URL: undefined,
    LINK_HOST: undefined,
    TRUST_PROXY: undefined,
    TLS_PORT: undefined,
    LOG_LEVEL: 'warn',
    BENCH_LOOP_DELAY_FILE: loopDelayFile,
  };
}
