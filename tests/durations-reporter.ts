// A vitest reporter that writes test-results/file-durations.json: the seconds each test file took
// in its project, from the start of its import to the end of its last hook (vitest's JSON report
// counts only from the first test to the last, which leaves out starting servers in beforeAll).
// `node scripts/test-durations.mjs` copies a CI run's file into tests/file-durations.json, which
// vitest.config.ts's sequencer reads to start the longest files first.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

/** A file's key in tests/file-durations.json: its project and its path from the repository root. */
export const durationKey = (project: string, root: string, moduleId: string) => `${project}:${relative(root, moduleId)}`;

export default class DurationsReporter implements Reporter {
  private root = '';

  onInit(vitest: Vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const seconds = modules.map((m) => {
      const d = m.diagnostic();
      const ms = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
      return [durationKey(m.project.name, this.root, m.moduleId), Math.max(1, Math.round(ms / 1000))] as const;
    });
    const dir = join(this.root, 'test-results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'file-durations.json'), `${JSON.stringify(Object.fromEntries(seconds), null, 2)}\n`);
  }
}
