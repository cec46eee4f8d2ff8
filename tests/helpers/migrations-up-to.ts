// A copy of the shipped migrations cut after the first `n`, for migration tests that populate the
// schema as it was before a change.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsFolder } from '../../lib/db/migrate';
import { tempDir } from './databases';

export function migrationsUpTo(n: number): string {
  const dir = join(tempDir('sling-migrations-'), 'migrations');
  mkdirSync(dir, { recursive: true });
  cpSync(migrationsFolder(), dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  journal.entries = journal.entries.slice(0, n);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}
