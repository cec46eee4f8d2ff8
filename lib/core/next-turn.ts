// A turn of the event loop for timers and I/O (redirects, other requests) before long work goes on:
// a promise alone never gives one (its callbacks run as microtasks). docs/guide/importing.md, "Limits".

const immediate = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Resolves once the event loop has polled for I/O and run its timers. Two setImmediates: from an I/O
 * callback, the first runs in the same loop iteration, after the poll for I/O is over.
 */
export async function nextTurn(): Promise<void> {
  await immediate();
  await immediate();
}
