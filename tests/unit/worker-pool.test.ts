// The CPU worker pool: answers and errors cross the thread boundary, a full queue is refused at
// once with 503 and Retry-After, a dead worker is replaced; and the real pool (from source, as the
// dev server runs it) renders QR codes, checks logos and runs bcrypt off the main thread.
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { AppError } from '../../lib/core/errors';
import { startCpuPool, stopCpuPool } from '../../lib/server/cpu-pool';
import { runCpuTask } from '../../lib/runtime/run-cpu-task';
import { CPU_TASKS, loadCpuTasks } from '../../lib/server/cpu-tasks';
import { checkLogoTask, renderQrTask } from '../../lib/qr/qr-tasks';
import { createWorkerPool, type WorkerPool } from '../../lib/runtime/worker-pool';
import { parseQrOptions } from '../../lib/qr/qr-schema';
import { qrUrl } from '../../lib/qr/render-qr';
import { bcryptCompare } from '../../lib/passwords/bcrypt';
import { hashPassword, verifyPassword } from '../../lib/passwords/password';
import { decodeQrPng, makePngLogo } from '../helpers/decode-qr';
import { pngBomb } from '../helpers/png-bomb';
import { until } from '../helpers/until';

const BOOT = new URL('../../lib/runtime/ts-worker.mjs', import.meta.url).pathname;
const ENTRY = pathToFileURL(new URL('../helpers/test-tasks-worker.ts', import.meta.url).pathname).href;

function testPool(size: number, queueMax: number, onWorkerExit?: (err: Error) => void): WorkerPool {
  return createWorkerPool({ file: BOOT, workerData: { entry: ENTRY }, size, queueMax, onWorkerExit });
}

describe('createWorkerPool', () => {
  const pools: WorkerPool[] = [];
  const pool = (...args: Parameters<typeof testPool>) => {
    const p = testPool(...args);
    pools.push(p);
    return p;
  };
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.close()));
  });

  test('results come back; an AppError keeps its code and details; other errors name the task', async () => {
    const p = pool(2, 4);
    await p.ready();
    expect(await p.run('echo', [{ a: [1, 'two'], b: new Uint8Array([3]) }])).toEqual({ a: [1, 'two'], b: new Uint8Array([3]) });
    const refusal = await p.run('refuse', []).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 'invalid_request', status: 400, message: 'Not that.', details: { field: 'Not that.' } });
    const failure = await p.run('fail', []).catch((err: unknown) => err);
    expect(failure).not.toBeInstanceOf(AppError);
    expect((failure as Error).message).toBe('fail failed in a worker thread: broken');
    expect(await p.run('nothing', []).catch((err: Error) => err.message)).toMatch(/unknown task nothing/);
  });

  test('with every worker busy and the queue full, the next task is refused at once with 503 and Retry-After', async () => {
    const p = pool(1, 1);
    const gates = new Int32Array(new SharedArrayBuffer(8));
    const running = p.run('hold', [gates, 0]);
    const queued = p.run('hold', [gates, 1]);
    expect(p.load()).toEqual({ running: 1, queued: 1, threads: 1 });
    const refusal = await p.run('echo', ['too many']).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(AppError);
    const busy = refusal as AppError;
    expect(busy.status).toBe(503);
    expect(busy.code).toBe('unavailable');
    expect(Number(busy.headers?.['Retry-After'])).toBeGreaterThanOrEqual(1);
    // The held tasks were not disturbed: released, both finish in order.
    Atomics.store(gates, 0, 1);
    Atomics.notify(gates, 0);
    expect(await running).toBe('released 0');
    Atomics.store(gates, 1, 1);
    Atomics.notify(gates, 1);
    expect(await queued).toBe('released 1');
    expect(await p.run('echo', ['room again'])).toBe('room again');
  });

  test('no thread starts before the first task needs one; each starts with a task, not all at once', async () => {
    const p = pool(2, 4);
    expect(p.load()).toEqual({ running: 0, queued: 0, threads: 0 });
    expect(await p.run('echo', ['first'])).toBe('first');
    expect(p.load().threads).toBe(1);
    await p.ready();
    expect(p.load().threads).toBe(2);
  });

  test('a queue of 0 runs tasks only on free workers', async () => {
    const p = pool(1, 0);
    const gates = new Int32Array(new SharedArrayBuffer(4));
    const running = p.run('hold', [gates, 0]);
    await expect(p.run('echo', [1])).rejects.toMatchObject({ code: 'unavailable' });
    Atomics.store(gates, 0, 1);
    Atomics.notify(gates, 0);
    await running;
  });

  test('a worker that dies fails its own task only; the next task gets a new worker', async () => {
    const deaths: Error[] = [];
    const p = pool(1, 4, (err) => deaths.push(err));
    const dying = p.run('exit', []);
    const after = p.run('echo', ['still here']);
    await expect(dying).rejects.toThrow(/exited \(3\)/);
    expect(await after).toBe('still here');
    expect(deaths).toHaveLength(1);
  });

  test('close fails the waiting tasks with 503 and refuses new ones', async () => {
    const p = testPool(1, 2);
    const gates = new Int32Array(new SharedArrayBuffer(4));
    const running = p.run('hold', [gates, 0]).catch((err: unknown) => err);
    const waiting = p.run('echo', ['never']).catch((err: unknown) => err);
    await p.close();
    expect(await waiting).toMatchObject({ code: 'unavailable' });
    expect(await running).toMatchObject({ code: 'unavailable' });
    await expect(p.run('echo', [1])).rejects.toMatchObject({ code: 'unavailable' });
  });
});

describe('the CPU pool (startCpuPool, runCpuTask)', () => {
  afterAll(() => stopCpuPool());

  test("the workers' table holds every task a feature declares, each name once", async () => {
    const declared = execFileSync('grep', ['-rhoE', "cpuTask\\('[A-Za-z]+'", 'lib'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((m) => m.slice("cpuTask('".length, -1))
      .sort();
    const listed = CPU_TASKS.map((t) => t.name).sort();
    expect(listed).toEqual(declared);
    expect(new Set(listed).size).toBe(listed.length);
    expect(Object.keys(await loadCpuTasks()).sort()).toEqual(listed);
  });

  test('renders QR codes, checks logos and runs bcrypt in its worker threads', async () => {
    const pool = await startCpuPool({ size: 1, queueMax: 8 });
    // The thread starts with the first task (sign-in's bcrypt or a QR code), not with the server.
    expect(pool.load().threads).toBe(0);
    const url = qrUrl('https://sl.ing/pool');
    const opts = parseQrOptions(new URLSearchParams({ size: '400', ecc: 'H' }));
    const rendering = runCpuTask(renderQrTask, url, opts, { contentType: 'image/png', data: makePngLogo() });
    // The task is in a worker thread, not this one.
    expect(pool.load().running).toBe(1);
    const { body, contentType } = await rendering;
    expect(contentType).toBe('image/png');
    expect(decodeQrPng(body)).toBe(url);

    expect(await runCpuTask(checkLogoTask, 'image/png', makePngLogo())).toBe('image/png');
    await expect(runCpuTask(checkLogoTask, 'image/png', pngBomb(16000, 16000))).rejects.toMatchObject({
      code: 'payload_too_large',
      message: expect.stringContaining('2048×2048'),
    });

    const hashing = hashPassword('correct horse');
    expect(pool.load().running).toBe(1);
    const hash = await hashing;
    expect(await bcryptCompare('correct horse', hash)).toBe(true);
    expect(await verifyPassword({ hash, password: 'correct horse' })).toBe(true);
    expect(await verifyPassword({ hash, password: 'wrong horse' })).toBe(false);
    await until('the pool idle', async () => pool.load().running === 0, { intervalMs: 10 });
  });
});
