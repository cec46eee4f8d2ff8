import { readFileSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { TEST_NODE_FLAGS } from './tests/helpers/node-flags';

/** Suites that run on one database only, with reasons (the JSON file says why it is a list). */
const oneDatabase = JSON.parse(readFileSync(new URL('./tests/one-database-suites.json', import.meta.url), 'utf8')) as {
  pgliteOnly: Record<string, string>;
  postgresOnly: Record<string, string>;
};

/**
 * Test files start longest first. With two workers, whichever file starts last runs alone at the
 * end, so a long file started late (vitest's own order on a fresh clone is by file size, and a small
 * file can run a minute: a soak, a browser suite) sets the wall time of the whole run. Durations come
 * from tests/file-durations.json (seconds per project and file, from a CI run's measurements by
 * tests/durations-reporter.ts, copied by `node scripts/test-durations.mjs`); a file not listed there
 * yet gets an estimate from its size at the listed files' median seconds per byte.
 */
class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    let listed: Record<string, number> = {};
    try {
      listed = JSON.parse(readFileSync(new URL('./tests/file-durations.json', import.meta.url), 'utf8')) as Record<string, number>;
    } catch {
      // no list yet: every file is estimated from its size
    }
    const size = (f: TestSpecification) => Math.max(statSync(f.moduleId).size, 1);
    const key = (f: TestSpecification) => `${f.project.name}:${relative(this.ctx.config.root, f.moduleId)}`; // as tests/durations-reporter.ts writes it
    const rates = files
      .filter((f) => listed[key(f)] !== undefined)
      .map((f) => listed[key(f)] / size(f))
      .sort((a, b) => a - b);
    const perByte = rates.length > 0 ? rates[Math.floor(rates.length / 2)] : 1;
    const seconds = new Map(files.map((f) => [f, listed[key(f)] ?? size(f) * perByte]));
    return [...files].sort((a, b) => seconds.get(b)! - seconds.get(a)!);
  }
}

/**
 * The projects: unit tests; the integration suites once per database (`pglite`, `postgres`: each
 * file learns which from SLING_TEST_DATABASE, tests/helpers/databases.ts's suiteDatabase), minus
 * the few that run on one only (tests/one-database-suites.json, with reasons); the browser suites on the
 * embedded default. Without TEST_DATABASE_URL there is no `postgres` project (and under
 * REQUIRE_SERVICES=1, as in CI, that is an error). docs/architecture/tests.md says more.
 */
function projects(): TestProjectInlineConfiguration[] {
  const integration = 'tests/integration/**/*.test.ts';
  // Integration files share their worker's module cache too (importing the server's modules again for
  // each file cost about a sixth of their time); each starts from a fresh process's state through
  // tests/setup/integration-file.ts.
  const shared = { isolate: false, setupFiles: ['tests/setup/integration-file.ts'] };
  const postgres = process.env.TEST_DATABASE_URL;
  if (!postgres) {
    if (process.env.REQUIRE_SERVICES === '1') throw new Error('REQUIRE_SERVICES=1 but TEST_DATABASE_URL is not set: the postgres project cannot run');
    // Vitest reads this file once per project: say it once.
    const said = globalThis as { slingSaidNoPostgres?: boolean };
    if (!said.slingSaidNoPostgres) console.warn('[skip] TEST_DATABASE_URL is not set: the integration suites run on PGlite only');
    said.slingSaidNoPostgres = true;
  }
  return [
    // Unit tests share their workers' module cache (no isolation): they hold no server or database,
    // and importing the modules again for each of them was most of their time.
    { extends: true as const, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], isolate: false } },
    {
      extends: true as const,
      test: { name: 'pglite', ...shared, include: [integration], exclude: Object.keys(oneDatabase.postgresOnly), env: { SLING_TEST_DATABASE: 'pglite' } },
    },
    ...(postgres
      ? [
          {
            extends: true as const,
            test: {
              name: 'postgres',
              ...shared,
              include: [integration],
              exclude: Object.keys(oneDatabase.pgliteOnly),
              env: { SLING_TEST_DATABASE: 'postgres' },
            },
          },
        ]
      : []),
    { extends: true as const, test: { name: 'browser', include: ['tests/e2e/**/*.test.ts'] } },
  ];
}

export default defineConfig({
  // The app's own alias (tsconfig paths), so tests can import route files (tests/unit/route-schemas.test.ts);
  // the SDK from its source (packages/sdk; its package export is the built dist/ otherwise).
  resolve: {
    alias: {
      '@sling/sdk': fileURLToPath(new URL('./packages/sdk/src/index.ts', import.meta.url)),
      '@': fileURLToPath(new URL('.', import.meta.url)),
    },
  },
  test: {
    projects: projects(),
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for a condition like until(): on a busy machine a page or a query can take
    // more than vitest's default second to catch up, which is not a failure.
    expect: { poll: { timeout: 15_000 } },
    pool: 'forks',
    execArgv: [...TEST_NODE_FLAGS],
    // Integration suites start real servers; two at a time suits a 2-core machine.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirstSequencer },
    reporters: ['default', './tests/durations-reporter.ts'],
    env: { NEXT_TELEMETRY_DISABLED: '1', LOG_LEVEL: 'error' },
  },
});
