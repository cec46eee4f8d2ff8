// An upload as the imports table keeps it until its job is done: gzip-compressed (level 1, in libuv's
// thread pool, off the event loop). A CSV of a million rows is 36 MiB as sent and about 2.5 MiB
// stored, which the embedded database writes in about a second instead of half a minute
// (docs/performance/2026-11-28-import-under-load.md). A file stored before compression (an upgrade
// with an import still queued) is read as it is: a CSV or JSON file never starts with gzip's magic
// bytes, and an upload that does is refused (isCompressed).
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { MAX_IMPORT_BYTES } from './import-schema';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** Whether `data` starts as a gzip stream does (1f 8b). */
export function isCompressed(data: Uint8Array): boolean {
  return data.length >= 2 && data[0] === 0x1f && data[1] === 0x8b;
}

/** The upload as it is stored. */
export function packUpload(data: Buffer): Promise<Buffer> {
  return gzipAsync(data, { level: 1 });
}

/** The upload as it was sent, from what is stored. */
export async function unpackUpload(stored: Buffer): Promise<Buffer> {
  return isCompressed(stored) ? gunzipAsync(stored, { maxOutputLength: MAX_IMPORT_BYTES }) : stored;
}
