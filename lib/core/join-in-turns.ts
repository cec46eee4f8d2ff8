// Large buffers put together a MiB at a time, with a turn of the event loop between: Buffer.concat
// of a 27 MiB upload held every redirect of the process for ~30 ms
// (docs/performance/2026-11-28-import-redirects.md).
import { nextTurn } from './next-turn';

/** How much is copied between two turns (about a millisecond's work). */
export const BYTES_PER_TURN = 1024 * 1024;

/** `chunks` in one Buffer of `size` bytes (their total); small ones at once. */
export async function joinInTurns(chunks: readonly Uint8Array[], size = chunks.reduce((n, c) => n + c.byteLength, 0)): Promise<Buffer> {
  if (size < BYTES_PER_TURN) return Buffer.concat(chunks, size);
  const joined = Buffer.allocUnsafe(size);
  let at = 0;
  let sinceTurn = 0;
  for (const chunk of chunks) {
    joined.set(chunk, at);
    at += chunk.byteLength;
    sinceTurn += chunk.byteLength;
    if (sinceTurn >= BYTES_PER_TURN) {
      sinceTurn = 0;
      await nextTurn();
    }
  }
  return joined;
}
