// The build stamp: written by `npm run build` once both halves (Next and the server bundle) are built
// (its last step runs this file), and compared by ensure-build.mjs with the sources' newest mtime, so
// a build made with `npm run build` is not built again by the next `npm start`, `npm test` or
// `npm run bench`. Building one half alone (scripts/build-server.mjs) writes no stamp.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const STAMP = 'dist/.build-stamp';

export function writeBuildStamp() {
  mkdirSync('dist', { recursive: true });
  writeFileSync(STAMP, new Date().toISOString() + '\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeBuildStamp();
