// Polls until `probe` returns something truthy (which it returns), or fails after the timeout.
export async function until<T>(what: string, probe: () => Promise<T | undefined | false>, opts: { timeoutMs?: number; intervalMs?: number } = {}): Promise<T> {
  const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 200));
  }
}
