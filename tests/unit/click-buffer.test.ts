import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Click } from '../../lib/analytics/click';
import { CLICK_BATCH, ClickBuffer } from '../../lib/edge/click-buffer';
import { until } from '../helpers/until';

const click = (linkId: number, at = Date.now()): Click => ({ linkId, at, referrer: undefined, userAgent: 'ua', ip: '1.2.3.4' });

afterEach(() => vi.useRealTimers());

describe('ClickBuffer', () => {
  test('writes a batch as soon as 1000 clicks wait, without waiting for the timer', async () => {
    const batches: Click[][] = [];
    const buf = new ClickBuffer({ write: async (b) => void batches.push(b), flushMs: 1000, maxBatch: 1000 });
    for (let i = 0; i < 999; i++) buf.push(click(1));
    await new Promise((r) => setImmediate(r));
    expect(batches).toHaveLength(0);
    buf.push(click(1));
    await new Promise((r) => setImmediate(r));
    await buf.flush();
    expect(batches.map((b) => b.length)).toEqual([1000]);
  });

  test("the server's batch: 1,000 waiting clicks wait for the timer, CLICK_BATCH go at once", async () => {
    const batches: Click[][] = [];
    const buf = new ClickBuffer({ write: async (b) => void batches.push(b), flushMs: 1000, maxBatch: CLICK_BATCH });
    for (let i = 0; i < CLICK_BATCH - 1; i++) buf.push(click(1));
    await new Promise((r) => setImmediate(r));
    expect(CLICK_BATCH).toBeGreaterThan(1000);
    expect(batches).toHaveLength(0);
    buf.push(click(1));
    await new Promise((r) => setImmediate(r));
    await buf.flush();
    expect(batches.map((b) => b.length)).toEqual([CLICK_BATCH]);
  });

  test('writes what is waiting every flushMs', async () => {
    vi.useFakeTimers();
    const batches: Click[][] = [];
    const buf = new ClickBuffer({ write: async (b) => void batches.push(b), flushMs: 500 });
    buf.start();
    buf.push(click(1));
    buf.push(click(2));
    await vi.advanceTimersByTimeAsync(499);
    expect(batches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches.map((b) => b.map((c) => c.linkId))).toEqual([[1, 2]]);
    await buf.stop();
  });

  test('a failed write is retried in order and nothing is dropped', async () => {
    const stored: number[] = [];
    let failures = 2;
    const buf = new ClickBuffer({
      write: async (b) => {
        if (failures-- > 0) throw new Error('database down');
        stored.push(...b.map((c) => c.at));
      },
      flushMs: 20,
    });
    buf.push(click(1, 1));
    buf.push(click(1, 2));
    await buf.flush();
    buf.push(click(1, 3));
    await buf.flush();
    expect(stored).toEqual([]);
    expect(buf.size).toBe(3);
    await buf.flush();
    expect(stored).toEqual([1, 2, 3]);
    expect(buf.size).toBe(0);
    expect(buf.written).toBe(3);
  });

  test('stop() keeps retrying until everything is written', async () => {
    let failures = 3;
    const stored: Click[] = [];
    const buf = new ClickBuffer({
      write: async (b) => {
        if (failures-- > 0) throw new Error('busy');
        stored.push(...b);
      },
    });
    buf.start();
    for (let i = 0; i < 2500; i++) buf.push(click(i % 3));
    expect(await buf.stop(10_000)).toBe(0);
    expect(stored).toHaveLength(2500);
  });

  test('a backlog is written in bounded statements', async () => {
    const sizes: number[] = [];
    const buf = new ClickBuffer({ write: async (b) => void sizes.push(b.length), maxRowsPerWrite: 400, maxBatch: 100_000 });
    for (let i = 0; i < 1000; i++) buf.push(click(1));
    await buf.stop();
    expect(sizes).toEqual([400, 400, 200]);
  });

  test('what the writer holds back is settled once no click waits, not while a backlog remains', async () => {
    const log: string[] = [];
    let release: () => void = () => {};
    const buf = new ClickBuffer({
      write: async (b) => {
        log.push(`write ${b.length}`);
        if (log.length === 1) await new Promise<void>((r) => (release = r)); // the first write is slow
      },
      settle: async () => void log.push('settle'),
      maxBatch: 10,
    });
    for (let i = 0; i < 10; i++) buf.push(click(1));
    await new Promise((r) => setImmediate(r));
    for (let i = 0; i < 15; i++) buf.push(click(1)); // a backlog builds while the first write runs
    release();
    await until('the backlog written and the counts settled', async () => log.at(-1) === 'settle');
    expect(log).toEqual(['write 10', 'write 15', 'settle']);
    await buf.stop();
    expect(log.at(-1)).toBe('settle');
  });
});

describe('ClickBuffer with two writes in flight', () => {
  test('the next batch is handed over while the one before is still being written', async () => {
    const started: number[] = [];
    const releases: Array<() => void> = [];
    const buf = new ClickBuffer({
      write: (b) => {
        started.push(b.length);
        return new Promise<void>((r) => releases.push(r));
      },
      maxBatch: 10,
      maxRowsPerWrite: 10,
      maxInFlight: 2,
    });
    for (let i = 0; i < 30; i++) buf.push(click(1));
    await until('two writes running', async () => started.length === 2);
    expect(buf.size).toBe(10); // the third waits for room
    releases[0]();
    await until('the third handed over', async () => started.length === 3);
    releases[1]();
    releases[2]();
    expect(await buf.stop()).toBe(0);
    expect(buf.written).toBe(30);
  });

  test('batches that fail while both run are put back oldest first and written once each', async () => {
    const stored: number[] = [];
    const attempts: number[][] = [];
    const gates: Array<(fail: boolean) => void> = [];
    const buf = new ClickBuffer({
      write: (b) => {
        attempts.push(b.map((c) => c.at));
        return new Promise<void>((resolve, reject) =>
          gates.push((fail) => (fail ? reject(new Error('database down')) : (stored.push(...b.map((c) => c.at)), resolve()))),
        );
      },
      maxBatch: 2,
      maxRowsPerWrite: 2,
      maxInFlight: 2,
    });
    for (let at = 1; at <= 4; at++) buf.push(click(1, at));
    await until('two writes running', async () => gates.length === 2);
    gates[1](true); // the later batch fails first…
    await until('it is back', async () => buf.size === 2);
    gates[0](true); // …then the earlier one
    await until('both back', async () => buf.size === 4);
    const stop = buf.stop();
    await until('the retry handed over', async () => gates.length === 3);
    expect(attempts[2]).toEqual([1, 2]); // oldest first
    gates[2](false);
    await until('the next retry handed over', async () => gates.length === 4);
    expect(attempts[3]).toEqual([3, 4]);
    gates[3](false);
    expect(await stop).toBe(0);
    expect(stored).toEqual([1, 2, 3, 4]);
    expect(buf.written).toBe(4);
  });
});
