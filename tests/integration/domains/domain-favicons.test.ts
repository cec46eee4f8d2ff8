// A custom domain's favicon (issue 16: "QR logo=favicon takes the domain's favicon, uploadable"):
// REST v1 /api/v1/domains/{id}/favicon for owners and admins (a member 403, another workspace 404),
// PNG only, judged by its bytes, bounded in bytes and pixels; served at the domain's /favicon.ico
// (never on the app host or another domain) and drawn into the domain's QR codes with logo=favicon.
// On Sling in the test process: the API through its router, the domains' hosts through its edge on
// loopback (requests with the domain's Host header).
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { decodeQrPng, makePngLogo } from '../../helpers/decode-qr';
import { seedLandingFixture, type LandingFixture, type LandingWho } from '../../helpers/landing-fixtures';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';

const HOST = 'go.favicon.test';
const OTHER = 'hi.favicon.test';
const SLING_ICON = readFileSync(join(__dirname, '../../../public/icon-256.png'));

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A request with any Host header (fetch does not let one set it). */
function visit(port: number, host: string, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A PNG of the given size, all one colour. */
function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) png.data.set([...rgb, 255], i * 4);
  return PNG.sync.write(png);
}

describe(`domain favicons on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  let f: LandingFixture;
  let id: number;
  const logo = makePngLogo();

  beforeAll(async () => {
    tdb = await makeDb();
    f = await seedLandingFixture(tdb, [HOST, OTHER], 'go.favicon-outsider.test');
    id = f.domains[HOST];
    sling = await startInProcessSling({ ...tdb.env, DNS_SERVERS: '127.0.0.1:9', ENTERPRISE_LIMIT_PER_HOUR: '100000', ENTERPRISE_LIMIT_PER_MINUTE: '100000' });
    api = apiClient(inProcess(sling));
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  /** The client calling as one of the fixture's people (the owner unless told), or with no credentials (null). */
  const as = (who: LandingWho | null = 'owner') => (who ? api.as({ token: f.tokens[who] }) : api.as('none'));
  type Who = { as?: LandingWho | null };
  /** GET, PUT (the bytes as the body, image/png unless `type` says otherwise) and DELETE …/favicon of a domain (this suite's by default). */
  const getFavicon = (opts: Who & { domain?: number | string } = {}) => as(opts.as).call('getDomainFavicon', { params: { id: opts.domain ?? id } });
  const putFavicon = (data: Uint8Array<ArrayBuffer> | string, opts: Who & { domain?: number | string; type?: string } = {}) =>
    as(opts.as).call('putDomainFavicon', { params: { id: opts.domain ?? id }, raw: { type: opts.type ?? 'image/png', data } });
  const deleteFavicon = (opts: Who = {}) => as(opts.as).call('deleteDomainFavicon', { params: { id } });

  test('PUT, GET and DELETE …/favicon: owners and admins; a member 403, another workspace 404, no credentials 401', async () => {
    const none = await getFavicon(); // none yet: the domain shows Sling's icon
    expect([none.status, none.headers.get('x-favicon-source'), none.bytes.equals(SLING_ICON)]).toEqual([200, 'sling', true]);
    const saved = await putFavicon(new Uint8Array(logo));
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({ favicon: { content_type: 'image/png', size: logo.length, updated_at: expect.stringMatching(/Z$/) }, domain_id: id });
    const got = await getFavicon({ as: 'admin' });
    expect([got.status, got.headers.get('content-type'), got.headers.get('x-favicon-source')]).toEqual([200, 'image/png', 'uploaded']);
    expect(got.bytes.equals(logo)).toBe(true);
    // Judged by its bytes, not by the header.
    expect((await putFavicon(new Uint8Array(logo), { type: 'application/octet-stream', as: 'admin' })).status).toBe(200);

    for (const method of ['PUT', 'DELETE'] as const) {
      const body = method === 'PUT' ? new Uint8Array(solidPng(8, 8, [0, 0, 0])) : undefined;
      const send = (who: LandingWho | null) => (body ? putFavicon(body, { as: who }) : deleteFavicon({ as: who }));
      const member = await send('member');
      expect(member.status, method).toBe(403);
      expect(member.json.error).toMatchObject({ code: 'forbidden' });
      const outsider = await send('outsider');
      expect(outsider.status, method).toBe(404);
      expect(outsider.json.error.code).toBe('not_found');
      expect((await send(null)).status, method).toBe(401);
    }
    expect((await getFavicon({ as: 'outsider' })).status).toBe(404);
    expect((await getFavicon({ domain: f.foreignDomain })).status).toBe(404);
    expect((await putFavicon(new Uint8Array(logo), { domain: f.foreignDomain })).status).toBe(404);
    expect((await getFavicon({ domain: 'abc' })).status).toBe(404);
    // Nothing the refused calls sent was kept.
    expect((await getFavicon()).bytes.equals(logo)).toBe(true);
  });

  test('wrong types and sizes: a clear 4xx in the JSON error shape, and the saved favicon is kept', async () => {
    expect((await putFavicon(new Uint8Array(logo))).status).toBe(200);
    const jpeg = await putFavicon(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]), { type: 'image/jpeg' });
    expect(jpeg.status).toBe(415);
    expect(jpeg.json.error).toMatchObject({ code: 'unsupported_media_type', message: expect.stringMatching(/PNG.*JPEG/) });
    // Claimed PNG, is not one.
    const text = await putFavicon('not a png at all', { type: 'image/png' });
    expect([text.status, text.json.error.code]).toEqual([415, 'unsupported_media_type']);
    // A PNG's header over a broken body.
    const broken = await putFavicon(new Uint8Array(logo.subarray(0, 40)));
    expect(broken.status).toBe(400);
    expect(broken.json.error.details).toHaveProperty('favicon');
    const empty = await putFavicon(new Uint8Array(0));
    expect([empty.status, empty.json.error.code]).toEqual([400, 'invalid_request']);
    const wide = await putFavicon(new Uint8Array(solidPng(1500, 4, [1, 2, 3])));
    expect(wide.status).toBe(413);
    expect(wide.json.error).toMatchObject({ code: 'payload_too_large', message: expect.stringMatching(/1024×1024/) });
    const big = await putFavicon(new Uint8Array(600 * 1024));
    expect([big.status, big.json.error.code]).toEqual([413, 'payload_too_large']);
    expect((await getFavicon()).bytes.equals(logo)).toBe(true);
  });

  test('/favicon.ico on the domain serves the upload with a cache header; other hosts do not; DELETE brings Sling back', async () => {
    expect((await putFavicon(new Uint8Array(logo))).status).toBe(200);
    const own = await visit(sling.port, HOST, '/favicon.ico');
    expect(own.status).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(own.headers['set-cookie']).toBeUndefined();
    expect(own.body.equals(logo)).toBe(true);
    expect((await visit(sling.port, HOST, '/favicon.ico?v=2')).body.equals(logo)).toBe(true);
    // The link pages' icon link (Next's /icon.svg) shows it too.
    expect((await visit(sling.port, HOST, '/icon.svg?0a1b2c')).body.equals(logo)).toBe(true);

    // Another domain of the same workspace, and the app host, never show it.
    const other = await visit(sling.port, OTHER, '/favicon.ico');
    expect([other.status, other.body.equals(SLING_ICON)]).toEqual([200, true]);
    const app = await visit(sling.port, `127.0.0.1:${sling.port}`, '/favicon.ico');
    expect(app.body.equals(logo)).toBe(false);
    // The app host answers Sling's own icon (its visitor pages link it; a 404 was logged on every visit).
    expect([app.status, app.headers['content-type'], app.body.equals(SLING_ICON)]).toEqual([200, 'image/png', true]);
    // The visitor pages' font comes from the host they are on, custom domains included.
    const font = await visit(sling.port, HOST, '/l/font/inter-latin.woff2');
    expect([font.status, font.headers['content-type'], font.body.subarray(0, 4).toString('latin1')]).toEqual([200, 'font/woff2', 'wOF2']);

    // A new upload shows at once (the per-host cache is invalidated), and so does removing it.
    const green = solidPng(16, 16, [0, 200, 0]);
    expect((await putFavicon(new Uint8Array(green))).status).toBe(200);
    expect((await visit(sling.port, HOST, '/favicon.ico')).body.equals(green)).toBe(true);
    expect((await deleteFavicon()).status).toBe(204);
    expect((await visit(sling.port, HOST, '/favicon.ico')).body.equals(SLING_ICON)).toBe(true);
    expect((await getFavicon()).headers.get('x-favicon-source')).toBe('sling');
    expect((await deleteFavicon()).status).toBe(204);
  });

  test("QR codes with logo=favicon draw the domain's upload (else Sling's icon) and still decode", async () => {
    const link = await as().call('createLink', { body: { url: 'https://example.com/fav', domain_id: id } });
    expect(link.status).toBe(201);
    const qr = async () => {
      const res = await as().call('getLinkQr', { params: { id: link.json.id }, query: { logo: 'favicon', size: 400 } });
      expect(res.status).toBe(200);
      expect(decodeQrPng(res.bytes)).toBe(`${link.json.short_url}?qr=1`);
      const image = PNG.sync.read(res.bytes);
      const centre = ((image.height >> 1) * image.width + (image.width >> 1)) * 4;
      return { pixel: [...image.data.subarray(centre, centre + 3)], etag: res.headers.get('etag') };
    };
    expect((await deleteFavicon()).status).toBe(204);
    const plain = await qr();
    expect(plain.pixel).not.toEqual([230, 81, 0]);
    expect((await putFavicon(new Uint8Array(logo))).status).toBe(200);
    const own = await qr();
    expect(own.pixel).toEqual([230, 81, 0]); // the orange block of makePngLogo
    expect(own.etag).not.toBe(plain.etag);
  });
});
