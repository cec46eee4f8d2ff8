// The QR endpoint on Sling in the test process (its router; the decoded code followed through its
// edge): a decoded code leads through the edge to the destination and is counted as a QR visit;
// ETag revalidation; errors in the documented shape.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AGENTS } from '../../helpers/agents';
import { apiClient, inProcess, offSchema, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { PNG } from 'pngjs';
import { decodeQrPng, makePngLogo } from '../../helpers/decode-qr';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { until } from '../../helpers/until';

describe('GET /api/v1/links/{id}/qr', () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let nobody: ApiClient;
  let ann: ApiClient;
  let bob: ApiClient;
  let link: { id: number; short_url: string };

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    sling = await startInProcessSling({ ...tdb.env, CLICK_FLUSH_MS: '50' });
    nobody = apiClient(inProcess(sling));
    ann = nobody.as({ token: await sling.seed.userWithToken('ann@example.com', { plan: 'business' }) });
    bob = nobody.as({ token: await sling.seed.userWithToken('bob@example.com', { plan: 'business' }) });
    link = (await ann.call('apiPhpCreate', { body: { url: 'https://example.com/menu?lang=en', alias: 'menu' } })).json;
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  type QrQuery = Partial<Record<'format' | 'size' | 'fg' | 'bg' | 'margin' | 'ecc' | 'logo', string>>;
  const qr = (query: QrQuery, who = ann, headers: Record<string, string> = {}) => who.call('getLinkQr', { params: { id: link.id }, query, headers });

  test('the PNG decodes to the short URL with its marker; following it redirects without the marker and counts a QR visit', async () => {
    const res = await qr({ format: 'png', size: '400', fg: '0d47a1' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe('inline; filename="sling-menu-qr.png"');
    const url = decodeQrPng(res.bytes);
    expect(url).toBe(`${link.short_url}?qr=1`);
    const visit = await fetch(url!, { redirect: 'manual', headers: { 'user-agent': AGENTS.iphone } });
    expect(visit.status).toBe(302);
    expect(visit.headers.get('location')).toBe('https://example.com/menu?lang=en');
    const stats = await until(
      'the QR visit in the stats',
      async () => {
        const body = (await ann.call('apiPhpStats', { query: { slug: 'menu' } })).json;
        return body.clicks === 1 && body;
      },
      { timeoutMs: 15_000, intervalMs: 100 },
    );
    expect(stats.triggers).toEqual([{ value: 'qr', clicks: 1 }]);
  });

  test('SVG and PDF come with their types and file names', async () => {
    const svg = await qr({ format: 'svg' });
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(svg.text).toMatch(/^<\?xml[^>]*>\n<svg /);
    const pdf = await qr({ format: 'pdf', size: '144' });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe('inline; filename="sling-menu-qr.pdf"');
    expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe('%PDF-');
  });

  test('responses carry an ETag; a matching If-None-Match gets 304; other options another tag', async () => {
    const first = await qr({ format: 'svg', margin: '2' });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await qr({ format: 'svg', margin: '2' }, ann, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const other = await qr({ format: 'svg', margin: '3' });
    expect(other.headers.get('etag')).not.toBe(etag);
  });

  test.each([
    [{ format: 'png', size: 5000 }, 'size'],
    [{ format: 'gif' }, 'format'],
    [{ fg: 'banana' }, 'fg'],
    [{ fg: 'cccccc', bg: 'ffffff' }, 'fg'],
    [{ ecc: 'Z' }, 'ecc'],
  ])('%j: 400 naming %s', async (query, field) => {
    const res = await ann.call('getLinkQr', { params: { id: link.id }, query: offSchema(query) });
    expect(res.status).toBe(400);
    const body = res.json;
    expect(body.error).toMatchObject({ code: 'invalid_request', message: expect.any(String) });
    expect(body.error.details).toHaveProperty(field);
  });

  test('a logo uploaded with PUT …/qr/logo goes into the centre with ecc H and still decodes; DELETE removes it', async () => {
    const put = (data: BodyInit, type: string, who = ann) => who.call('putLinkQrLogo', { params: { id: link.id }, raw: { type, data } });
    const none = await qr({ logo: '1' });
    expect(none.status).toBe(400);
    expect(none.json.error.details).toHaveProperty('logo');
    expect((await put(new Uint8Array(makePngLogo()), 'image/png')).status).toBe(204);
    const res = await qr({ logo: '1', size: '480' });
    expect(res.status).toBe(200);
    const png = res.bytes;
    expect(decodeQrPng(png)).toBe(`${link.short_url}?qr=1`);
    const plain = await qr({ size: '480' });
    expect(res.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    const pdf = await qr({ logo: '1', format: 'pdf' });
    expect(pdf.status).toBe(200);

    expect((await put('GIF89a', 'image/gif')).status).toBe(415);
    expect((await put(new Uint8Array(300 * 1024), 'image/png')).status).toBe(413);
    expect((await put('not a png', 'image/png')).status).toBe(400);
    expect((await put(new Uint8Array(makePngLogo()), 'image/png', bob)).status).toBe(404);
    const svgLogo = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4" fill="#e65100"/></svg>';
    expect((await put(svgLogo, 'image/svg+xml')).status).toBe(204);
    expect((await qr({ logo: '1', format: 'svg' })).text).toContain('data:image/svg+xml;base64,');
    expect((await qr({ logo: '1', format: 'png' })).status).toBe(400); // an SVG logo goes into SVG codes only

    const del = await ann.call('deleteLinkQrLogo', { params: { id: link.id } });
    expect(del.status).toBe(204);
    expect((await qr({ logo: '1' })).status).toBe(400);
  });

  test("logo=favicon puts the domain's favicon in the centre (ecc H) and the code still decodes", async () => {
    const res = await qr({ logo: 'favicon', size: '400' });
    expect(res.status).toBe(200);
    const png = res.bytes;
    expect(decodeQrPng(png)).toBe(`${link.short_url}?qr=1`);
    const image = PNG.sync.read(Buffer.from(png));
    const centre = ((image.height >> 1) * image.width + (image.width >> 1) - 20) * 4; // left of the centre: the icon's ground
    expect([...image.data.subarray(centre, centre + 3)]).toEqual([0x4f, 0x46, 0xe5]);
    expect((await qr({ logo: 'favicon', format: 'pdf' })).status).toBe(200);
    expect((await qr({ logo: 'sometimes' })).status).toBe(400);
  });

  test("someone else's link is 404; no credentials 401", async () => {
    expect((await qr({}, bob)).status).toBe(404);
    const anonymous = await qr({}, nobody);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error.code).toBe('unauthorized');
  });
});
