// Where test databases and data folders go: in memory (/dev/shm, a tmpfs) where the machine has
// one, else the system's temp folder; SLING_TEST_TMPDIR overrides both. On this project's CI
// machine (ext4 mounted with `discard`), copying a 41 MB PGlite template and deleting it again cost
// about 1.3 s of CPU per test database on disk, and 0.09 s in /dev/shm; PGlite's own writes
// (its WAL, its fsyncs) go to memory too. Nothing a test makes needs to outlive the run.
import { accessSync, constants } from 'node:fs';
import { tmpdir } from 'node:os';

function memoryFolder(): string | undefined {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return undefined;
  }
}

export const TEST_TMPDIR = process.env.SLING_TEST_TMPDIR || memoryFolder() || tmpdir();
