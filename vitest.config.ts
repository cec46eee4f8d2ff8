import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './tests/longest-first-sequencer';

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
    // The longest files first, so none starts late and runs alone at the end (tests/file-durations.json).
    sequence: { sequencer: LongestFirstSequencer },
    env: { NEXT_TELEMETRY_DISABLED: '1', LOG_LEVEL: 'error' },
  },
});
