// Writes tests/file-durations.json (seconds per test file and project, longest first) from a run's
// test-results/file-durations.json (tests/durations-reporter.ts), for the order test files start in
// (vitest.config.ts). Run it after a CI run:
//   node scripts/test-durations.mjs [test-results/file-durations.json]
import { readFileSync, writeFileSync } from 'node:fs';

const measured = JSON.parse(readFileSync(process.argv[2] ?? 'test-results/file-durations.json', 'utf8'));
const seconds = Object.entries(measured).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
writeFileSync('tests/file-durations.json', `${JSON.stringify(Object.fromEntries(seconds), null, 2)}\n`);
console.log(`tests/file-durations.json: ${seconds.length} files, ${seconds.reduce((s, [, n]) => s + n, 0)} s in all`);
