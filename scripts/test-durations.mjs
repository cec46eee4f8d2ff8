// Writes tests/file-durations.json (seconds per test file, longest first) from a run's JSON report,
// for the order test files start in (vitest.config.ts). Run it on a CI run's report:
//   node scripts/test-durations.mjs [test-results/vitest.json]
import { readFileSync, writeFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(process.argv[2] ?? 'test-results/vitest.json', 'utf8'));
const seconds = report.testResults
  // The path from tests/ on: the report names files where that run's clone was.
  .map((r) => [r.name.slice(r.name.lastIndexOf('/tests/') + 1), Math.max(1, Math.round((r.endTime - r.startTime) / 1000))])
  .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
writeFileSync('tests/file-durations.json', `${JSON.stringify(Object.fromEntries(seconds), null, 2)}\n`);
console.log(`tests/file-durations.json: ${seconds.length} files, ${seconds.reduce((s, [, n]) => s + n, 0)} s in all`);
