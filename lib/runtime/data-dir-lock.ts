// PGlite allows one process per data directory; a pid file keeps a second one (or the CLI) out.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export class DataDirBusyError extends Error {}

/** Takes DATA_DIR for this process; throws DataDirBusyError if a live process holds it. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(resolve(dataDir), 'sling.pid');
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch {
    const holder = Number(readFileSync(file, 'utf8').trim());
    if (holder && holder !== process.pid && alive(holder)) {
      throw new DataDirBusyError(
        `DATA_DIR ${dataDir} is in use by Sling process ${holder}; the embedded database allows one process (stop it, or use DATABASE_URL)`,
      );
    }
    writeFileSync(file, String(process.pid));
  }
  return () => rmSync(file, { force: true });
}

/** The live process (not this one) holding DATA_DIR, or null. */
export function liveLockHolder(dataDir: string): number | null {
  let holder: number;
  try {
    holder = Number(readFileSync(join(resolve(dataDir), 'sling.pid'), 'utf8').trim());
  } catch {
    return null;
  }
  return holder && holder !== process.pid && alive(holder) ? holder : null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
