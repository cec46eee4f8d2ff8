// Image bombs: a PNG's size is read from its header, and a logo over 2048×2048 pixels is refused
// at upload and at render time without being decoded; SVG logos may not declare entities.
import { describe, expect, test } from 'vitest';
import { readPngDimensions } from '../../lib/images/png-dimensions';
import { MAX_LOGO_SIDE, validateLogo } from '../../lib/qr/qr-logo';
import { parseQrOptions } from '../../lib/qr/qr-schema';
import { qrUrl, renderQr } from '../../lib/qr/render-qr';
import { decodeQrPng, makePngLogo } from '../helpers/decode-qr';
import { pngBomb } from '../helpers/png-bomb';

describe('readPngDimensions', () => {
  test('reads width and height from the IHDR chunk', () => {
    expect(readPngDimensions(makePngLogo())).toEqual({ width: 60, height: 40 });
    expect(readPngDimensions(pngBomb(16000, 16000))).toEqual({ width: 16000, height: 16000 });
    expect(readPngDimensions(pngBomb(1, 70000))).toEqual({ width: 1, height: 70000 });
  });

  test('a view into a larger buffer is read at its own offset', () => {
    const png = makePngLogo();
    const padded = new Uint8Array(png.length + 7);
    padded.set(png, 7);
    expect(readPngDimensions(padded.subarray(7))).toEqual({ width: 60, height: 40 });
  });

  test('anything not starting with the PNG signature and then IHDR is not a PNG', () => {
    const png = makePngLogo();
    const otherChunkFirst = Buffer.from(png);
    otherChunkFirst.write('tEXt', 12, 'latin1');
    const zeroWidth = Buffer.from(png);
    zeroWidth.writeUInt32BE(0, 16);
    const overPngMax = Buffer.from(png);
    overPngMax.writeUInt32BE(0x80000000, 20);
    const badLength = Buffer.from(png);
    badLength.writeUInt32BE(14, 8);
    for (const data of [Buffer.alloc(0), png.subarray(0, 23), Buffer.from('GIF89a' + 'x'.repeat(40)), otherChunkFirst, zeroWidth, overPngMax, badLength]) {
      expect(readPngDimensions(data)).toBeUndefined();
    }
  });
});

describe('logo size limit', () => {
  test('the limit is 2048×2048', () => {
    expect(MAX_LOGO_SIDE).toBe(2048);
  });

  test('a 16000×16000 PNG of 31 KiB is refused with 413 naming the limit (decoding it would take 1 GiB)', () => {
    const bomb = pngBomb(16000, 16000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    let thrown: unknown;
    try {
      validateLogo('image/png', bomb);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toMatchObject({ code: 'payload_too_large', status: 413, message: 'The logo must be at most 2048×2048 pixels; this one is 16000×16000.' });
    expect(thrown).toHaveProperty('details.logo', expect.stringContaining('2048×2048'));
  });

  test('either side over 2048 is refused; 2048×2048 itself is accepted', () => {
    expect(() => validateLogo('image/png', pngBomb(2049, 10))).toThrow(expect.objectContaining({ code: 'payload_too_large' }));
    expect(() => validateLogo('image/png', pngBomb(10, 2049))).toThrow(expect.objectContaining({ code: 'payload_too_large' }));
    expect(validateLogo('image/png', pngBomb(2048, 2048)).contentType).toBe('image/png');
  });

  test('a stored logo over the limit is refused at render time, in PNG and PDF, before any decoding', async () => {
    const url = qrUrl('https://sl.ing/bomb');
    const stored = { contentType: 'image/png' as const, data: pngBomb(16000, 16000) };
    for (const format of ['png', 'pdf']) {
      const opts = parseQrOptions(new URLSearchParams({ format, ecc: 'H' }));
      const refusal = await renderQr(url, opts, stored).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(refusal).toMatchObject({
        code: 'invalid_request',
        message: 'This logo is 16000×16000 pixels; logos must be at most 2048×2048 pixels. Upload a smaller one.',
      });
      expect(refusal).toHaveProperty('details.logo');
    }
    // A logo at the limit still goes in.
    const { body } = await renderQr(url, parseQrOptions(new URLSearchParams({ ecc: 'H', size: '400' })), {
      contentType: 'image/png',
      data: pngBomb(2048, 2048),
    });
    expect(decodeQrPng(body)).toBe(url);
  });
});

describe('SVG logos', () => {
  test('a DOCTYPE with entity declarations (a "billion laughs" bomb for viewers) is refused', () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><text>&b;</text></svg>';
    expect(() => validateLogo('image/svg+xml', Buffer.from(laughs))).toThrow(
      expect.objectContaining({ code: 'invalid_request', details: { logo: expect.stringContaining('DOCTYPE') } }),
    );
    const plain = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>';
    expect(validateLogo('image/svg+xml', Buffer.from(plain)).contentType).toBe('image/svg+xml');
  });
});
