// The pure parts of social previews: the `preview` field's rules, who counts as a link-preview bot,
// the bot page's tags (escaped), the /_og/ path, and JPEG sizes read from the frame header.
import { describe, expect, test } from 'vitest';
import type { AppError } from '../../lib/core/errors';
import { isPreviewBot } from '../../lib/previews/preview-bots';
import { readJpegDimensions } from '../../lib/previews/preview-image';
import { previewPageHtml } from '../../lib/link-pages/preview-page';
import { parsePreviewAssetPath, previewAssetUrl } from '../../lib/previews/preview-urls';
import { parsePreview } from '../../lib/previews/link-preview-schema';
import { AGENTS } from '../helpers/agents';

describe('parsePreview', () => {
  test('absent, null, and a trimmed preview', () => {
    expect(parsePreview(undefined)).toBeUndefined();
    expect(parsePreview(null)).toBeNull();
    expect(parsePreview({ title: '  Big\n news ', description: '' })).toEqual({ title: 'Big news', description: null, image: undefined });
    expect(parsePreview({ title: 'x', image: null })).toEqual({ title: 'x', description: null, image: null });
  });
  test('refusals name the field', () => {
    const field = (v: unknown) => {
      try {
        parsePreview(v);
      } catch (err) {
        return Object.keys((err as AppError).details ?? {})[0];
      }
      return 'accepted';
    };
    expect(field({})).toBe('preview.title');
    expect(field({ title: 'ok', description: 'd'.repeat(301) })).toBe('preview.description');
    expect(field({ title: 'ok', image: 'ftp://example.com/a.png' })).toBe('preview.image');
    expect(field({ title: 'ok', image: 'https://user:pw@example.com/a.png' })).toBe('preview.image');
    expect(field({ title: 'ok', extra: 1 })).toBe('preview');
    expect(field([])).toBe('preview');
  });
});

describe('isPreviewBot', () => {
  test('unfurlers are bots, browsers are not', () => {
    for (const ua of [
      AGENTS.slackbot,
      'Twitterbot/1.0',
      'facebookexternalhit/1.1',
      'LinkedInBot/1.0',
      'Mozilla/5.0 (compatible; Discordbot/2.0)',
      'WhatsApp/2.23',
      'TelegramBot (like TwitterBot)',
      'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.12026; Pro)',
    ]) {
      expect(isPreviewBot(ua), ua).toBe(true);
    }
    for (const ua of [AGENTS.chrome, AGENTS.iphone, undefined, '']) expect(isPreviewBot(ua), String(ua)).toBe(false);
  });
});

describe('the bot page and the image path', () => {
  test('fields are escaped inside the tags', () => {
    const html = previewPageHtml(
      {
        title: '"><script>x</script>',
        description: 'a & b',
        imageUrl: 'https://s.example/_og/a.png?v=1',
        generated: true,
        uploaded: false,
        shortUrl: 'https://s.example/a',
        host: 's.example',
        version: '1',
      },
      'https://example.com/?q="x"',
    );
    expect(html).not.toContain('<script>');
    expect(html).toContain('content="&#34;&#62;&#60;script&#62;x&#60;/script&#62;"');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<meta property="og:description" content="a &#38; b">');
  });
  test('/_og/<code>.png beside the short URL, and only that path', () => {
    expect(previewAssetUrl('https://go.example.com/abc', 'abc', 36)).toBe('https://go.example.com/_og/abc.png?v=10');
    expect(parsePreviewAssetPath('/_og/abc.png')).toBe('abc');
    expect(parsePreviewAssetPath('/_og/abc.png?v=1')).toBe('abc');
    expect(parsePreviewAssetPath('/_og/abc.jpg')).toBeNull();
    expect(parsePreviewAssetPath('/_og/a/b.png')).toBeNull();
    expect(parsePreviewAssetPath('/abc')).toBeNull();
  });
  test('JPEG size from the frame header', () => {
    const jpeg = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x02, 0x76, 0x04, 0xb0, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
    expect(readJpegDimensions(jpeg)).toEqual({ width: 1200, height: 630 });
    expect(readJpegDimensions(Buffer.from('not a jpeg'))).toBeUndefined();
  });
});
