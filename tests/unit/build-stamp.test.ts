// scripts/build-stamp.mjs: the stamp carries the time the build started, so a source saved while
// the build ran is newer than it and ensure-build.mjs builds again (with the end time, such a change
// was taken as built and tests ran the old code).
import { existsSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { markBuildStart, writeBuildStamp } from '../../scripts/build-stamp.mjs';

const dir = mkdtempSync(join(tmpdir(), 'sling-stamp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a source saved during the build is newer than the stamp', () => {
  // A build that started two seconds ago, and a source saved a second into it.
  markBuildStart(dir);
  const started = Date.now() - 2_000;
  utimesSync(join(dir, '.build-started'), started / 1000, started / 1000);
  const source = join(dir, 'saved-meanwhile.ts');
  writeFileSync(source, 'x');
  utimesSync(source, (started + 1_000) / 1000, (started + 1_000) / 1000);
  writeBuildStamp(dir);
  const stamp = statSync(join(dir, '.build-stamp')).mtimeMs;
  expect(stamp).toBeLessThanOrEqual(started);
  expect(stamp).toBeGreaterThan(started - 2);
  expect(statSync(source).mtimeMs).toBeGreaterThan(stamp);
  expect(existsSync(join(dir, '.build-started'))).toBe(false);
});
