// /docs loads Scalar's own browser bundle from Sling (not from Next's chunks): the file is found in
// node_modules, its URL names the installed version, the encoding follows Accept-Encoding, and the
// page's <script> takes the nonce from the request's policy.
import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { pickEncoding, scalarBundle, scalarBundlePath, scalarBundleUrl, scalarVersion } from '../../lib/docs/scalar-bundle';
import { nonceFromPolicy } from '../../lib/http/page-nonce';
import { pageHeaders } from '../../lib/http/security-headers';

describe("Scalar's browser bundle", () => {
  test('is the installed package’s standalone build, at a URL with its version', () => {
    expect(scalarBundlePath()).toMatch(/node_modules\/@scalar\/api-reference\/dist\/browser\/standalone\.js$/);
    const pkg = JSON.parse(readFileSync('node_modules/@scalar/api-reference/package.json', 'utf8')) as { version: string };
    expect(scalarVersion()).toBe(pkg.version);
    expect(scalarBundleUrl()).toBe(`/docs/scalar.js?v=${pkg.version}`);
  });

  test('is the same script in every encoding', async () => {
    const raw = await scalarBundle('identity');
    expect(/window\.Scalar\s*=\s*\{\s*createApiReference/.test(raw.toString('utf8'))).toBe(true);
    const [br, gz] = await Promise.all([scalarBundle('br'), scalarBundle('gzip')]);
    expect(br.length).toBeLessThan(raw.length / 3);
    expect(brotliDecompressSync(br).equals(raw)).toBe(true);
    expect(gunzipSync(gz).equals(raw)).toBe(true);
    expect(await scalarBundle('br')).toBe(br); // compressed once
  });

  test('is sent in the best encoding the client accepts', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBe('identity');
    expect(pickEncoding('')).toBe('identity');
    expect(pickEncoding(null)).toBe('identity');
  });
});

describe('the page nonce', () => {
  test('is read from the policy server.ts set on the request', () => {
    const { nonce, headers } = pageHeaders({ https: false, dev: false });
    expect(nonceFromPolicy(headers['Content-Security-Policy'])).toBe(nonce);
    expect(nonceFromPolicy("default-src 'self'")).toBeUndefined();
    expect(nonceFromPolicy(null)).toBeUndefined();
  });
});
