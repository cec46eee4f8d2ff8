// bench/cpu-usage.ts: a server's CPU per request counts its child processes too (Kutt hands
// visits to Bull's worker processes), and a grandchild's CPU reaches the root's total.
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, test } from 'vitest';
import { processCpuSeconds, treeCpuSeconds } from '../../bench/cpu-usage';
import { until } from '../helpers/until';

// A parent that sleeps and a grandchild that spins: only the grandchild uses CPU.
const PARENT = `
const { spawn } = require('node:child_process');
const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
console.log(child.pid);
process.on('SIGTERM', () => { child.kill('SIGKILL'); process.exit(0); });
setInterval(() => {}, 1000);
`;

const started: Array<() => void> = [];
afterEach(() => started.splice(0).forEach((stop) => stop()));

describe.runIf(process.platform === 'linux')('treeCpuSeconds', () => {
  test("adds the CPU of a process's descendants to its own", async () => {
    const parent = spawn(process.execPath, ['-e', PARENT], { stdio: ['ignore', 'pipe', 'inherit'] });
    started.push(() => parent.kill('SIGTERM'));
    const grandchild = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (d: Buffer) => resolve(d.toString().trim()))));
    await until('the grandchild to use 0.2 s of CPU', async () => (processCpuSeconds(grandchild) ?? 0) >= 0.2);
    // Read the parts first: every counter only grows, so the tree read after them is at least their sum.
    const own = processCpuSeconds(parent.pid!)!;
    const spun = processCpuSeconds(grandchild)!;
    const tree = treeCpuSeconds(parent.pid!)!;
    // Compared in whole ticks (1/100 s): in floating point, (0.15 + 0.2) - 0.15 is 0.19999999999999998,
    // and with the grandchild stopped at exactly 0.2 s that failed under load.
    const ticks = (seconds: number) => Math.round(seconds * 100);
    expect(ticks(tree)).toBeGreaterThanOrEqual(ticks(own) + ticks(spun));
    expect(ticks(tree) - ticks(own)).toBeGreaterThanOrEqual(20);
  });

  test('is undefined for a process that does not exist', () => {
    expect(treeCpuSeconds(2 ** 22 + 1)).toBeUndefined();
  });
});
