// QR codes decoded by a real decoder, SVG checked as XML against the QR version, PDF opened with
// pdf-lib and checked to be vector; option errors name their field.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, test } from 'vitest';
import { AppError } from '../../lib/core/errors';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { validateLogo } from '../../lib/qr/qr-logo';
import type { QrOptions } from '../../lib/qr/qr-options';
import { parseQrOptions } from '../../lib/qr/qr-schema';
import { qrMatrix, qrUrl, renderQr } from '../../lib/qr/render-qr';
import { decodeQrPng, makePngLogo, pngSize } from '../helpers/decode-qr';

const URL_ = qrUrl('https://sl.ing/Launch-2026');
const options = (q: Record<string, string>): QrOptions => parseQrOptions(new URLSearchParams(q));

describe('PNG', () => {
  test.each([
    [{}],
    [{ size: '96', margin: '1' }],
    [{ size: '300', margin: '0' }],
    [{ size: '1024', margin: '10', ecc: 'H' }],
    [{ ecc: 'L', fg: '1a237e', bg: 'fff8e1' }],
    [{ ecc: 'Q', fg: '#004d40', bg: '#e0f2f1', size: '777' }],
  ])('%j decodes to the short URL with its QR marker', async (q) => {
    const { body, contentType } = await renderQr(URL_, options({ format: 'png', ...q }));
    expect(contentType).toBe('image/png');
    expect(decodeQrPng(body)).toBe(URL_);
    const size = Number((q as Record<string, string>).size ?? 512);
    expect(pngSize(body)).toEqual({ width: size, height: size });
  });
  test('a size too small for the code to scan is refused, naming the size needed', async () => {
    await expect(renderQr(URL_, options({ size: '64', margin: '4' }))).rejects.toMatchObject({
      code: 'invalid_request',
      message: expect.stringMatching(/at least 74/),
    });
  });
  test.each([[{ size: '777', margin: '3', ecc: 'Q', fg: '004d40', bg: 'e0f2f1' }], [{ size: '96', margin: '1' }]])(
    "%j: the pixels are exactly those of the qrcode package's own PNG renderer",
    async (q) => {
      const opts = options({ format: 'png', ...q });
      const ours = PNG.sync.read(Buffer.from((await renderQr(URL_, opts)).body));
      const reference = await QRCode.toBuffer(URL_, {
        type: 'png',
        errorCorrectionLevel: opts.ecc,
        margin: opts.margin,
        width: opts.size,
        color: { dark: opts.fg, light: opts.bg },
      });
      expect(Buffer.compare(ours.data, PNG.sync.read(reference).data)).toBe(0);
    },
  );
  test('the marker is added as a query parameter', () => {
    expect(qrUrl('https://sl.ing/abc')).toBe('https://sl.ing/abc?qr=1');
  });
});

describe('SVG', () => {
  test.each(['L', 'M', 'Q', 'H'])('ecc %s: valid XML whose module count matches the QR version', async (ecc) => {
    const opts = options({ format: 'svg', ecc, margin: '2', size: '144' });
    const text = new TextDecoder().decode((await renderQr(URL_, opts)).body);
    expect(XMLValidator.validate(text)).toBe(true);
    const svg = new XMLParser({ ignoreAttributes: false }).parse(text).svg;
    const { version, size } = qrMatrix(URL_, opts);
    expect(size).toBe(17 + 4 * version);
    expect(svg['@_viewBox']).toBe(`0 0 ${size + 4} ${size + 4}`);
    expect(svg['@_width']).toBe('144pt');
    // Every dark module is drawn once: the path's area equals the matrix's dark count.
    const area = [...svg.path['@_d'].matchAll(/h(\d+)/g)].reduce((s, m) => s + Number(m[1]), 0);
    let dark = 0;
    for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) if (qrMatrix(URL_, opts).dark(x, y)) dark++;
    expect(area).toBe(dark);
  });
});

describe('PDF', () => {
  test('opens, has one page the size of the code, and is vector (no embedded image)', async () => {
    const { body, contentType } = await renderQr(URL_, options({ format: 'pdf', size: '216', fg: '222222' }));
    expect(contentType).toBe('application/pdf');
    const doc = await PDFDocument.load(body);
    expect(doc.getPageCount()).toBe(1);
    const page = doc.getPage(0);
    expect(page.getSize()).toEqual({ width: 216, height: 216 });
    const xobjects = page.node.Resources()?.lookup(PDFName.of('XObject'));
    expect(xobjects === undefined || (xobjects instanceof PDFDict && xobjects.keys().length === 0)).toBe(true);
    const content = page.node.Contents();
    expect(content).toBeDefined();
  });
});

describe('options', () => {
  test.each([
    [{ format: 'gif' }, 'format'],
    [{ format: 'png', size: '5000' }, 'size'],
    [{ format: 'png', size: '10' }, 'size'],
    [{ format: 'svg', size: '3000' }, 'size'],
    [{ size: 'big' }, 'size'],
    [{ margin: '40' }, 'margin'],
    [{ ecc: 'X' }, 'ecc'],
    [{ fg: 'red' }, 'fg'],
    [{ bg: '#12345' }, 'bg'],
    [{ fg: '777777', bg: '888888' }, 'fg'], // too little contrast
    [{ fg: 'ffffff', bg: '000000' }, 'fg'], // light on dark
  ])('%j is refused naming %s', (q, field) => {
    try {
      options(q as Record<string, string>);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('invalid_request');
      expect((err as AppError).toBody().error.details).toHaveProperty(field);
    }
  });
  test('defaults: PNG, 512 px, margin 4, ecc M, black on white', () => {
    expect(options({})).toEqual({ format: 'png', size: 512, margin: 4, ecc: 'M', fg: '#000000', bg: '#ffffff' });
  });
});

describe('centre logo', () => {
  const svgLogo = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#e65100"/></svg>');
  const withLogo = (q: Record<string, string>) => options({ ecc: 'H', ...q });

  test.each([[{ size: '300' }], [{ size: '600', margin: '2' }], [{ size: '1000', fg: '1b5e20' }]])(
    'a PNG code with a PNG logo %j still decodes to the URL, and the logo is there',
    async (q) => {
      const logo = validateLogo('image/png', makePngLogo());
      const { body } = await renderQr(URL_, withLogo({ format: 'png', ...q }), logo);
      expect(decodeQrPng(body)).toBe(URL_);
      const image = PNG.sync.read(Buffer.from(body));
      const centre = ((image.height >> 1) * image.width + (image.width >> 1)) * 4;
      expect([...image.data.subarray(centre, centre + 3)]).toEqual([230, 81, 0]);
    },
  );
  test('SVG codes embed the logo as an image over a background box; PDF codes embed a PNG logo as their one image', async () => {
    const svg = new TextDecoder().decode((await renderQr(URL_, withLogo({ format: 'svg' }), validateLogo('image/svg+xml', svgLogo))).body);
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).toMatch(/<image [^>]*href="data:image\/svg\+xml;base64,/);
    const pdf = await PDFDocument.load((await renderQr(URL_, withLogo({ format: 'pdf' }), validateLogo('image/png', makePngLogo()))).body);
    const xobjects = pdf.getPage(0).node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
    expect(xobjects.keys()).toHaveLength(1);
  });
  test('an SVG logo cannot go into PNG or PDF codes; bad uploads are refused', async () => {
    const svgOnly = validateLogo('image/svg+xml', svgLogo);
    await expect(renderQr(URL_, withLogo({ format: 'png' }), svgOnly)).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(renderQr(URL_, withLogo({ format: 'pdf' }), svgOnly)).rejects.toMatchObject({ code: 'invalid_request' });
    expect(() => validateLogo('image/png', Buffer.from('not a png'))).toThrow(/readable PNG/);
    expect(() => validateLogo('image/svg+xml', Buffer.from('<svg><unclosed></svg>'))).toThrow(/well-formed SVG/);
    expect(() => validateLogo('image/gif', Buffer.from('GIF89a'))).toThrow(expect.objectContaining({ code: 'unsupported_media_type' }));
    expect(() => validateLogo('image/png', Buffer.alloc(300 * 1024))).toThrow(expect.objectContaining({ code: 'payload_too_large' }));
  });
});
