// Finds the project's root (where db/migrations lives), whether running from source or dist/.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

export function projectRoot(): string {
  if (cached) return cached;
  const starts = [process.env.SLING_ROOT, dirname(fileURLToPath(import.meta.url)), process.cwd()];
  for (const start of starts) {
    if (!start) continue;
    let dir = start;
    for (;;) {
      if (existsSync(join(dir, 'db', 'migrations', 'meta', '_journal.json'))) return (cached = dir);
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  throw new Error('Cannot find db/migrations: run Sling from its project directory or set SLING_ROOT');
}
