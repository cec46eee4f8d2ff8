// The pages take lib/ from the server's own build (docs/architecture/overview.md, "One module graph"):
// a file under app/ imports values from lib/ and db/ only through app/_lib/sling.ts, so Next never
// compiles a second copy of a module that holds state. Types may come from anywhere.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((f) => f.isFile() && /\.tsx?$/.test(f.name))
    .map((f) => join(f.parentPath, f.name));
}

test('app/ imports lib/ and db/ values only through app/_lib/sling.ts', () => {
  const offenders = sources('app').flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/^import (?!type )[^;]*from '@\/(?:lib|db)\/[^']*';$/gm)].map((m) => `${file}: ${m[0]}`),
  );
  expect(offenders).toEqual([]);
});

test('app/_lib/sling.ts hands on everything the facade exports', () => {
  const facade = [...readFileSync('packages/pages-lib/index.ts', 'utf8').matchAll(/^export \{ ([^}]+) \}/gm)].flatMap((m) => m[1].split(', '));
  const handed = readFileSync('app/_lib/sling.ts', 'utf8')
    .match(/export const \{([^}]+)\}/)![1]
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  expect(handed.sort()).toEqual(facade.sort());
});
