// Builds (Next + server bundle) when there is no build yet or a source file is newer than it,
// so `npm start`, `npm test` and `npm run bench` work on a fresh clone.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const STAMP = 'dist/.build-stamp';
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
  console.log(built === 0 ? 'Building Sling (first run)…' : 'Sources changed; rebuilding Sling…');
  execSync('npm run build', { stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  writeFileSync(STAMP, new Date().toISOString() + '\n');
}
