// The build stamp: written by `npm run build` once both halves (Next and the server bundle) are built,
// and compared by ensure-build.mjs with the sources' newest mtime. One writer, so a build made with
// `npm run build` is not built again by the next `npm start`, `npm test` or `npm run bench`.
import { mkdirSync, writeFileSync } from 'node:fs';

export const STAMP = 'dist/.build-stamp';

export function writeBuildStamp() {
  mkdirSync('dist', { recursive: true });
  writeFileSync(STAMP, new Date().toISOString() + '\n');
}
