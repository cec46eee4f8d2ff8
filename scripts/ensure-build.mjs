// Builds (Next + server bundle) when there is no build yet or a source file is newer than it,
// so `npm start`, `npm test` and `npm run bench` work on a fresh clone. The build's own output is
// shown only when it fails (or with SLING_BUILD_VERBOSE=1): a first start prints two short lines.
// `npm run build` writes the stamp itself (scripts/build-stamp.mjs, its last step), so a manual build counts too.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { STAMP } from './build-stamp.mjs';
const SOURCES = ['app', 'components', 'lib', 'db', 'cli', 'public', 'server.ts', 'next.config.mjs', 'package.json', 'tsconfig.json'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}

const built = existsSync(STAMP) && existsSync('.next/BUILD_ID') ? statSync(STAMP).mtimeMs : 0;
const changed = Math.max(...SOURCES.map(newest));
if (built === 0 || changed > built) {
  console.log(built === 0 ? 'Building Sling (first run, about a minute)…' : 'Sources changed; rebuilding Sling…');
  const started = Date.now();
  const verbose = process.env.SLING_BUILD_VERBOSE === '1';
  try {
    execSync('npm run build', { stdio: verbose ? 'inherit' : 'pipe', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }, maxBuffer: 64 * 1024 * 1024 });
  } catch (err) {
    if (!verbose) process.stderr.write(`${err.stdout ?? ''}${err.stderr ?? ''}`);
    console.error('The build failed (its output is above).');
    process.exit(1);
  }
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
}
