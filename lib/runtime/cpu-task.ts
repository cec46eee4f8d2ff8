// A CPU-heavy task, declared by the feature it belongs to: a name, by which the pool's worker threads
// find it (lib/server/cpu-tasks.ts lists every task), and how to load its function in this thread.
// Arguments and results cross threads by structured clone, which turns a Buffer into a plain
// Uint8Array: tasks take Uint8Array (asBuffer turns it back without a copy).
export interface CpuTask<A extends unknown[], R> {
  readonly name: string;
  /** The function itself, imported on first use so heavy renderers stay off the main thread's graph. */
  readonly load: () => Promise<(...args: A) => R | Promise<R>>;
}

export function cpuTask<A extends unknown[], R>(name: string, load: () => Promise<(...args: A) => R | Promise<R>>): CpuTask<A, R> {
  return { name, load };
}

export function asBuffer(data: Uint8Array): Buffer {
  return Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}
