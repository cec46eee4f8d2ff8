// Fetches a feed (an http(s) URL) or reads it (a file path). Feeds are the operator's own
// configuration, so any address is allowed; size and time are bounded all the same.
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';

export const MAX_FEED_BYTES = 256 * 2 ** 20;
const FETCH_TIMEOUT_MS = 120_000;

/** A short name for reasons and the `source` column: the feed's host, or its file name. */
export function feedName(source: string): string {
  return /^https?:\/\//i.test(source) ? new URL(source).host : basename(source);
}

export async function readFeed(source: string): Promise<string> {
  if (!/^https?:\/\//i.test(source)) {
    if ((await stat(source)).size > MAX_FEED_BYTES) throw new Error(`${source} is larger than ${MAX_FEED_BYTES} bytes`);
    return readFile(source, 'utf8');
  }
  const res = await fetch(source, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { 'user-agent': 'Sling threat-feed importer' } });
  if (!res.ok) throw new Error(`${source} answered ${res.status}`);
  if (Number(res.headers.get('content-length') ?? 0) > MAX_FEED_BYTES) throw new Error(`${source} is larger than ${MAX_FEED_BYTES} bytes`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_FEED_BYTES) throw new Error(`${source} is larger than ${MAX_FEED_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
