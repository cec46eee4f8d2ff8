// Renders a QR code as PNG (qrcode), SVG or PDF. SVG and PDF are drawn from the QR matrix as
// vector squares (the PDF is one page the size of the code, no raster inside), so they print sharp.
import { PDFDocument, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { invalidField } from '../http/errors';
import type { QrOptions } from './qr-options';

export interface RenderedQr {
  body: Uint8Array;
  contentType: string;
}

/** Below this many pixels per module, decoders start failing. */
const MIN_PX_PER_MODULE = 2;

export async function renderQr(text: string, opts: QrOptions): Promise<RenderedQr> {
  const matrix = qrMatrix(text, opts);
  if (opts.format === 'png') {
    const needed = (matrix.size + 2 * opts.margin) * MIN_PX_PER_MODULE;
    if (opts.size < needed) {
      throw invalidField('size', `This link's code has ${matrix.size + 2 * opts.margin} modules with its margin; at ${opts.size} pixels it would not scan. Use at least ${needed}, or a smaller margin.`);
    }
    const body = await QRCode.toBuffer(text, {
      type: 'png',
      errorCorrectionLevel: opts.ecc,
      margin: opts.margin,
      width: opts.size,
      color: { dark: opts.fg, light: opts.bg },
    });
    return { body, contentType: 'image/png' };
  }
  if (opts.format === 'svg') return { body: new TextEncoder().encode(svg(matrix, opts)), contentType: 'image/svg+xml' };
  return { body: await pdf(matrix, opts), contentType: 'application/pdf' };
}

export interface QrMatrix {
  version: number;
  /** Modules per side, without the margin. */
  size: number;
  dark(x: number, y: number): boolean;
}

export function qrMatrix(text: string, opts: Pick<QrOptions, 'ecc'>): QrMatrix {
  const code = QRCode.create(text, { errorCorrectionLevel: opts.ecc });
  const { size, data } = code.modules;
  return { version: code.version, size, dark: (x, y) => data[y * size + x] === 1 };
}

/** Runs of dark modules per row, as [x, y, length]: fewer shapes than one per module. */
function runs(m: QrMatrix): Array<[number, number, number]> {
  const out: Array<[number, number, number]> = [];
  for (let y = 0; y < m.size; y++) {
    for (let x = 0; x < m.size; ) {
      if (!m.dark(x, y)) {
        x++;
        continue;
      }
      let end = x;
      while (end < m.size && m.dark(end, y)) end++;
      out.push([x, y, end - x]);
      x = end;
    }
  }
  return out;
}

function svg(m: QrMatrix, opts: QrOptions): string {
  const total = m.size + 2 * opts.margin;
  const path = runs(m)
    .map(([x, y, n]) => `M${x + opts.margin} ${y + opts.margin}h${n}v1h-${n}z`)
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${opts.size}pt" height="${opts.size}pt" viewBox="0 0 ${total} ${total}" shape-rendering="crispEdges">` +
    `<rect width="${total}" height="${total}" fill="${opts.bg}"/>` +
    `<path fill="${opts.fg}" d="${path}"/>` +
    `</svg>\n`
  );
}

async function pdf(m: QrMatrix, opts: QrOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('QR code');
  doc.setCreator('Sling');
  const page = doc.addPage([opts.size, opts.size]);
  const total = m.size + 2 * opts.margin;
  const unit = opts.size / total;
  page.drawRectangle({ x: 0, y: 0, width: opts.size, height: opts.size, color: colour(opts.bg) });
  const fg = colour(opts.fg);
  for (const [x, y, n] of runs(m)) {
    // PDF's origin is bottom-left.
    page.drawRectangle({ x: (x + opts.margin) * unit, y: opts.size - (y + opts.margin + 1) * unit, width: n * unit, height: unit, color: fg });
  }
  return doc.save();
}

function colour(hex: string) {
  return rgb(parseInt(hex.slice(1, 3), 16) / 255, parseInt(hex.slice(3, 5), 16) / 255, parseInt(hex.slice(5, 7), 16) / 255);
}

/** The URL a Sling QR code encodes: the short link with the marker the edge counts as a QR visit. */
export function qrUrl(shortUrl: string): string {
  return `${shortUrl}${shortUrl.includes('?') ? '&' : '?'}qr=1`;
}
