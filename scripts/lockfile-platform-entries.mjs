// The registry reachable from our build machines lacks Next's macOS and Windows compiler packages
// (404), so `npm install` here leaves them out of package-lock.json and `npm ci` then refuses the
// lock as out of sync. This restores their entries (os/cpu-guarded optional packages: Linux skips
// them, macOS and Windows fetch them as usual). Run after changing dependencies:
//   node scripts/lockfile-platform-entries.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const next = lock.packages['node_modules/next'];
const platforms = {
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'win32-arm64-msvc': { os: ['win32'], cpu: ['arm64'] },
  'win32-x64-msvc': { os: ['win32'], cpu: ['x64'] },
};
let added = 0;
for (const [suffix, guard] of Object.entries(platforms)) {
  const name = `@next/swc-${suffix}`;
  const version = next?.optionalDependencies?.[name];
  const key = `node_modules/${name}`;
  if (!version || lock.packages[key]) continue;
  lock.packages[key] = { version, ...guard, license: 'MIT', optional: true, engines: { node: '>= 10' } };
  added++;
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
console.log(`package-lock.json: ${added} platform entr${added === 1 ? 'y' : 'ies'} added`);
