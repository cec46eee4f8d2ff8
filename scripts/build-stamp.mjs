// The build stamp: written by `npm run build` once both halves (Next and the server bundle) are built
// (its last step runs this file), and compared by ensure-build.mjs with the sources' newest mtime, so
// a build made with `npm run build` is not built again by the next `npm start`, `npm test` or
// `npm run bench`. Building one half alone (scripts/build-server.mjs) writes no stamp.
//
// The stamp carries the time the build started (its first step, `build-stamp.mjs start`), not the
// time it ended: a source saved while the build ran is newer than the stamp, so the next
// ensure-build builds again (with the end time, such a change was taken as built, and tests ran old code).
import { existsSync, mkdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const STAMP = 'dist/.build-stamp';

/** Notes the build's start in `dir` (dist/). */
export function markBuildStart(dir = 'dist') {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, '.build-started'), `${new Date().toISOString()}\n`);
}

/** Writes the stamp in `dir` with the build's start as its time (now, when the start was not noted). */
export function writeBuildStamp(dir = 'dist') {
  mkdirSync(dir, { recursive: true });
  const startedFile = join(dir, '.build-started');
  // Whole milliseconds, rounded down: the stamp is never later than the start.
  const started = Math.floor(existsSync(startedFile) ? statSync(startedFile).mtimeMs : Date.now());
  const stamp = join(dir, '.build-stamp');
  writeFileSync(stamp, `${new Date(started).toISOString()}\n`);
  utimesSync(stamp, started / 1000, started / 1000);
  rmSync(startedFile, { force: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === 'start') markBuildStart();
  else writeBuildStamp();
}
