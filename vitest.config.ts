import { readFileSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test files start longest first. With two workers, whichever file starts last runs alone at the
 * end, so a long file started late (vitest's own order on a fresh clone is by file size, and a small
 * file can run a minute: a soak, a browser suite) sets the wall time of the whole run. Durations come
 * from tests/file-durations.json (seconds per file, from a CI run's test-results/vitest.json, written
 * by `node scripts/test-durations.mjs`); a file not listed there yet gets an estimate from its size
 * at the listed files' median seconds per byte.
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
    const key = (f: TestSpecification) => relative(this.ctx.config.root, f.moduleId);
    const rates = files
      .filter((f) => listed[key(f)] !== undefined)
      .map((f) => listed[key(f)] / size(f))
      .sort((a, b) => a - b);
    const perByte = rates.length > 0 ? rates[Math.floor(rates.length / 2)] : 1;
    const seconds = new Map(files.map((f) => [f, listed[key(f)] ?? size(f) * perByte]));
    return [...files].sort((a, b) => seconds.get(b)! - seconds.get(a)!);
  }
}

export default defineConfig({
  // The app's own alias (tsconfig paths), so tests can import route files (tests/unit/route-schemas.test.ts).
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for a condition like until(): on a busy machine a page or a query can take
    // more than vitest's default second to catch up, which is not a failure.
    expect: { poll: { timeout: 15_000 } },
    pool: 'forks',
    // Integration suites start real servers; two at a time suits a 2-core machine.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirstSequencer },
    env: { NEXT_TELEMETRY_DISABLED: '1', LOG_LEVEL: 'error' },
  },
});
