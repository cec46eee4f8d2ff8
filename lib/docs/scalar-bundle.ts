// Scalar's own prebuilt browser bundle (@scalar/api-reference's dist/browser/standalone.js), served
// by Sling at /docs/scalar.js instead of being bundled by Next (it tripled the build's CPU time).
// Read from node_modules once, at the first request, and compressed once per encoding.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { projectRoot } from '../core/project-root';

export type Encoding = 'br' | 'gzip' | 'identity';

const SPECIFIER = '@scalar/api-reference/browser/standalone.js';

let bundlePath: string | undefined;
let version: string | undefined;
const bundleBytes = new Map<Encoding, Promise<Buffer>>();

/** The bundle's path, resolved the way Node resolves the package (its `exports` map). */
export function scalarBundlePath(): string {
  return (bundlePath ??= createRequire(join(projectRoot(), 'package.json')).resolve(SPECIFIER));
}

/** The installed @scalar/api-reference version (part of the bundle's URL, so it can be cached for good). */
export function scalarVersion(): string {
  // dist/browser/standalone.js → the package's own package.json (not in its `exports`).
  return (version ??= (JSON.parse(readFileSync(join(dirname(scalarBundlePath()), '..', '..', 'package.json'), 'utf8')) as { version: string }).version);
}

/** The URL the /docs page loads the bundle from. */
export function scalarBundleUrl(): string {
  return `/docs/scalar.js?v=${encodeURIComponent(scalarVersion())}`;
}

/** The best encoding the client accepts (q=0 refuses one); identity when it names neither. */
export function pickEncoding(acceptEncoding: string | null): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weight = (name: string) => accepted.get(name) ?? (accepted.has('*') ? accepted.get('*')! : 0);
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return 'identity';
}

const compressors: Record<Exclude<Encoding, 'identity'>, (raw: Buffer) => Promise<Buffer>> = {
  // Quality 9: about as small as 11 for minified JavaScript, in a fraction of the time.
  br: (raw) => promisify(brotliCompress)(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
  gzip: (raw) => promisify(gzip)(raw, { level: 9 }),
};

/** The bundle's bytes in the given encoding (each computed once, off the event loop). */
export function scalarBundle(encoding: Encoding): Promise<Buffer> {
  let bytes = bundleBytes.get(encoding);
  if (!bytes) {
    const raw = encoding === 'identity' ? readFile(scalarBundlePath()) : scalarBundle('identity');
    bytes = encoding === 'identity' ? raw : raw.then(compressors[encoding]);
    // A failure is not kept: the next request tries again.
    bytes.catch(() => bundleBytes.delete(encoding));
    bundleBytes.set(encoding, bytes);
  }
  return bytes;
}
