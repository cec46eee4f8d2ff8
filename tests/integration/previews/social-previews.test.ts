// Social previews on Sling in the test process (the API through its router; bots, browsers and the
// /_og images through its edge): link-preview bots (Slackbot, Twitterbot…) get an HTML page
// with the configured Open Graph and Twitter card tags for a link that has a preview, whose og:image
// answers a 1200×630 PNG (the generated card) or the uploaded image; a browser still gets the 302,
// and bots still get the 302 for links without a preview; bot visits are not counted. The preview
// round-trips through the API; bad images and bad fields are 4xx; another workspace sees nothing.
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { createLink, updateLink } from '../../../lib/openapi/operations/links';
import { AGENTS } from '../../helpers/agents';
import { apiClient, inProcess, offSchema, type ApiClient, type CallOptions } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { until } from '../../helpers/until';

const TWITTERBOT = 'Twitterbot/1.0';

type Preview = { title: string; description: string | null; image: string | null; image_source: string; image_url: string };
type LinkJson = { id: number; short_code: string; short_url: string; clicks: number; preview: Preview | null };

/** The <meta> tags of a page, by property or name, with HTML entities decoded. */
function metaTags(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  const unescapeEntities = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) out[m[1]] = unescapeEntities(m[2]);
  return out;
}

function tinyPng(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(200);
  return PNG.sync.write(png);
}

describe('social previews', () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let ann: ApiClient;
  let bob: ApiClient;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    sling = await startInProcessSling({ ...tdb.env, TRUST_PROXY: 'true' });
    const api = apiClient(inProcess(sling));
    ann = api.as({ token: await sling.seed.userWithToken('ann@example.com', { plan: 'business' }) });
    bob = api.as({ token: await sling.seed.userWithToken('bob@example.com', { plan: 'business' }) });
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  const create = async (body: CallOptions<typeof createLink>['body']) => {
    const res = await ann.call('createLink', { body });
    expect(res.status, JSON.stringify(body)).toBe(201);
    return res.json as LinkJson;
  };
  const detail = async (id: number) => (await ann.call('getLink', { params: { id } })).json as LinkJson;
  const visit = (code: string, userAgent: string, method = 'GET') =>
    fetch(`${sling.url}/${code}`, { method, redirect: 'manual', headers: { 'user-agent': userAgent, 'x-forwarded-for': '9.9.9.9' } });
  /** og:image's path and query, fetched from the test server (its host is the configured BASE_URL's). */
  const fetchAsset = (imageUrl: string, headers: Record<string, string> = {}) => {
    const u = new URL(imageUrl);
    return fetch(`${sling.url}${u.pathname}${u.search}`, { headers: { 'user-agent': AGENTS.slackbot, ...headers } });
  };

  test('Slackbot and Twitterbot get the Open Graph page; the card is a 1200×630 PNG; Chrome gets the 302; bots are not counted', async () => {
    const link = await create({
      url: 'https://example.com/spring?ref=1',
      alias: 'og-spring',
      preview: { title: 'Spring sale — 30% off "everything"', description: 'Only this week <b>at</b> Example & Co.' },
    });
    expect(link.preview).toMatchObject({
      title: 'Spring sale — 30% off "everything"',
      description: 'Only this week <b>at</b> Example & Co.',
      image: null,
      image_source: 'generated',
    });
    expect(link.preview!.image_url).toMatch(/\/_og\/og-spring\.png\?v=\w+$/);

    for (const agent of [AGENTS.slackbot, TWITTERBOT]) {
      const res = await visit('og-spring', agent);
      expect(res.status, agent).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('location')).toBeNull();
      const tags = metaTags(await res.text());
      expect(tags).toMatchObject({
        'og:title': 'Spring sale — 30% off "everything"',
        'og:description': 'Only this week <b>at</b> Example & Co.',
        'og:url': link.short_url,
        'og:image': link.preview!.image_url,
        'twitter:card': 'summary_large_image',
        'twitter:title': 'Spring sale — 30% off "everything"',
        'twitter:image': link.preview!.image_url,
      });
      expect(new URL(tags['og:image']).protocol).toMatch(/^https?:$/); // absolute
    }

    const card = await fetchAsset(link.preview!.image_url);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
    const png = PNG.sync.read(Buffer.from(await card.arrayBuffer()));
    expect([png.width, png.height]).toEqual([1200, 630]);
    // Not a blank image: the text is drawn in more than one colour.
    const colours = new Set<number>();
    for (let i = 0; i < png.data.length; i += 4 * 97) colours.add(png.data.readUInt32BE(i));
    expect(colours.size).toBeGreaterThan(20);
    // Kept and revalidated by its ETag.
    const etag = card.headers.get('etag')!;
    expect(etag).toMatch(/^"og-/);
    expect((await fetchAsset(link.preview!.image_url, { 'if-none-match': etag })).status).toBe(304);

    const browser = await visit('og-spring', AGENTS.chrome);
    expect([browser.status, browser.headers.get('location')]).toEqual([302, 'https://example.com/spring?ref=1']);
    // The two bot visits are stored as bots: only the browser's visit counts.
    await until('the click to be counted', async () => (await detail(link.id)).clicks === 1);
    expect((await detail(link.id)).clicks).toBe(1);
  });

  test('a link without a preview gives bots the 302, and has no /_og image', async () => {
    const plain = await create({ url: 'https://example.com/plain', alias: 'og-plain' });
    expect(plain.preview).toBeNull();
    for (const agent of [AGENTS.slackbot, TWITTERBOT, 'facebookexternalhit/1.1']) {
      const res = await visit('og-plain', agent);
      expect([res.status, res.headers.get('location')], agent).toEqual([302, 'https://example.com/plain']);
    }
    expect((await fetch(`${sling.url}/_og/og-plain.png`)).status).toBe(404);
    expect((await fetch(`${sling.url}/_og/no-such-code.png`)).status).toBe(404);
  });

  test('the preview round-trips through the API: update, image URL, upload, removal; bad input is 4xx', async () => {
    const link = await create({ url: 'https://example.com/rt', alias: 'og-rt' });
    const patch = (body: CallOptions<typeof updateLink>['body']) => ann.call('updateLink', { params: { id: link.id }, body });

    let res = await patch({ preview: { title: '  Launch   day ', description: 'We ship', image: 'https://cdn.example.com/card.jpg' } });
    expect(res.status).toBe(200);
    expect((res.json as LinkJson).preview).toEqual({
      title: 'Launch day',
      description: 'We ship',
      image: 'https://cdn.example.com/card.jpg',
      image_source: 'url',
      image_url: 'https://cdn.example.com/card.jpg',
    });
    // The detail and the list carry it; the bot page points at the given image.
    expect((await detail(link.id)).preview?.title).toBe('Launch day');
    const listed = ((await ann.call('listLinks', { query: { q: 'og-rt' } })).json.links as LinkJson[]).find((l) => l.id === link.id);
    expect(listed?.preview?.image).toBe('https://cdn.example.com/card.jpg');
    expect(metaTags(await (await visit('og-rt', TWITTERBOT)).text())['og:image']).toBe('https://cdn.example.com/card.jpg');

    // Changing another field keeps the preview.
    expect(((await patch({ url: 'https://example.com/rt2' })).json as LinkJson).preview?.title).toBe('Launch day');

    // Bad fields: 400 naming the field; nothing created.
    for (const [preview, field] of [
      [{ title: '' }, 'preview.title'],
      [{ title: 'x'.repeat(121) }, 'preview.title'],
      [{ title: 'ok', image: 'http://insecure.example.com/a.png' }, 'preview.image'],
      [{ title: 'ok', image: 'javascript:alert(1)' }, 'preview.image'],
      [{ title: 'ok', colour: 'red' }, 'preview'],
      ['a title', 'preview'],
    ] as const) {
      const bad = await patch(offSchema({ preview }));
      expect(bad.status, JSON.stringify(preview)).toBe(400);
      expect(Object.keys(bad.json.error.details ?? {})[0], JSON.stringify(preview)).toBe(field);
    }
    const refused = await ann.call('createLink', { body: { url: 'https://example.com/x', alias: 'og-refused', preview: { title: '' } } });
    expect(refused.status).toBe(400);
    expect((await ann.call('listLinks', { query: { q: 'og-refused' } })).json.total).toBe(0);

    // Upload: a PNG replaces the URL and is served at /_og/<code>.png; bad images are refused.
    const put = (bytes: Uint8Array, type = 'image/png', who = ann) =>
      who.call('putLinkPreviewImage', { params: { id: link.id }, raw: { type, data: new Uint8Array(bytes) } });
    const upload = tinyPng(600, 315);
    res = await put(upload);
    expect(res.status).toBe(200);
    const uploaded = (res.json as { preview: Preview }).preview;
    expect(uploaded).toMatchObject({ image_source: 'upload', image: expect.stringMatching(/\/_og\/og-rt\.png\?v=/) });
    const served = await fetchAsset(uploaded.image_url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(upload)).toBe(true);
    expect(metaTags(await (await visit('og-rt', AGENTS.slackbot)).text())['og:image']).toBe(uploaded.image_url);

    expect((await put(Buffer.from('this is not an image at all'), 'image/png')).status).toBe(415);
    expect((await put(Buffer.alloc(1024 * 1024 + 10, 1))).status).toBe(413);
    expect((await put(tinyPng(5000, 10))).status).toBe(413);
    expect((await put(new Uint8Array(0))).status).toBe(400);
    // Another workspace: not found.
    expect((await put(upload, 'image/png', bob)).status).toBe(404);
    expect((await bob.call('updateLink', { params: { id: link.id }, body: { preview: null } })).status).toBe(404);

    // Removing the upload goes back to the generated card; preview: null removes the preview.
    expect((await ann.call('deleteLinkPreviewImage', { params: { id: link.id } })).status).toBe(204);
    expect((await detail(link.id)).preview?.image_source).toBe('generated');
    expect(((await patch({ preview: null })).json as LinkJson).preview).toBeNull();
    const after = await visit('og-rt', AGENTS.slackbot);
    expect([after.status, after.headers.get('location')]).toEqual([302, 'https://example.com/rt2']);
    // An upload needs a preview first.
    expect((await put(upload)).status).toBe(400);
  });
});
