// The order test files start in: longest first. With two workers, whichever file starts last runs
// alone at the end, so a long file started late (vitest's own order on a fresh clone is by file size,
// and a small file can run a minute: a soak, a browser suite) sets the wall time of the whole run.
// Durations come from tests/file-durations.json (seconds per file, from a CI run's
// test-results/vitest.json, written by `node scripts/test-durations.mjs`); a file not listed there
// yet gets an estimate from its size at the listed files' median seconds per byte.
import { readFileSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const DURATIONS = new URL('./file-durations.json', import.meta.url);

function listedSeconds(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(DURATIONS, 'utf8')) as Record<string, number>;
  } catch {
    return {}; // no list yet: every file is estimated from its size
  }
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const listed = listedSeconds();
    const size = (f: TestSpecification) => statSync(f.moduleId).size;
    const key = (f: TestSpecification) => relative(root, f.moduleId);
    const rates = files.filter((f) => listed[key(f)] !== undefined).map((f) => listed[key(f)] / Math.max(size(f), 1)).sort((a, b) => a - b);
    const perByte = rates.length > 0 ? rates[Math.floor(rates.length / 2)] : 1;
    const seconds = new Map(files.map((f) => [f, listed[key(f)] ?? size(f) * perByte]));
    return [...files].sort((a, b) => seconds.get(b)! - seconds.get(a)!);
  }
}
