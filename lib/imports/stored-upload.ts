// An upload as the imports table keeps it until its job is done: gzip-compressed (level 1, in libuv's
// thread pool, off the event loop). A CSV of a million rows is 36 MiB as sent and about 2.5 MiB
// stored, which the embedded database writes in about a second instead of half a minute
// (docs/performance/2026-11-28-import-under-load.md). A file stored before compression (an upgrade
// with an import still queued) is read as it is: a CSV or JSON file never starts with gzip's magic
// bytes, and an upload that does is refused (isCompressed).
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { createGunzip, gzip } from 'node:zlib';
import { joinInTurns } from '../core/join-in-turns';
import { MAX_IMPORT_BYTES } from './import-schema';

const gzipAsync = promisify(gzip);

/** Whether `data` starts as a gzip stream does (1f 8b). */
export function isCompressed(data: Uint8Array): boolean {
  return data.length >= 2 && data[0] === 0x1f && data[1] === 0x8b;
}

/** The upload as it is stored. */
export function packUpload(data: Buffer): Promise<Buffer> {
  return gzipAsync(data, { level: 1 });
}

/**
 * The upload as it was sent, from what is stored: unzipped as a stream and put together in turns
 * (gunzip's own one-go result was a 30 ms pause for a million rows).
 */
export async function unpackUpload(stored: Buffer): Promise<Buffer> {
  if (!isCompressed(stored)) return stored;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of Readable.from([stored]).pipe(createGunzip({ chunkSize: 64 * 1024 })) as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_IMPORT_BYTES) throw new RangeError(`The stored upload unpacks to more than ${MAX_IMPORT_BYTES} bytes.`);
    chunks.push(chunk);
  }
  return joinInTurns(chunks, size);
}
