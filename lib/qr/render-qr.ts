// Renders a QR code as PNG, SVG or PDF, all drawn from the QR matrix (qrcode): PNG as a bitmap
// (draw-png.ts); SVG and PDF as vector squares (the PDF is one page the size of the code, no raster
// inside unless a PNG logo is given), so they print sharp. An optional logo sits in the centre.
import QRCode from 'qrcode';
import { invalidField } from '../core/errors';
import type { QrOptions } from './qr-options';
import { drawPng, encodePng } from './draw-png';
import { drawLogo, LOGO_SIDE, logoSizeAllowed, MAX_LOGO_PIXELS_TEXT, type QrLogo } from './qr-logo';
import { readPngDimensions } from '../images/png-dimensions';

export interface RenderedQr {
  body: Uint8Array;
  contentType: string;
}

/** Below this many pixels per module, decoders start failing. */
const MIN_PX_PER_MODULE = 2;

/** With a logo, `opts.ecc` should be H (qrResponse sees to it). */
export async function renderQr(text: string, opts: QrOptions, logo?: QrLogo): Promise<RenderedQr> {
  const matrix = qrMatrix(text, opts);
  if (opts.format === 'svg') return { body: new TextEncoder().encode(svg(matrix, opts, logo)), contentType: 'image/svg+xml' };
  const raster = logo && rasterLogo(logo); // checked before any drawing
  if (opts.format === 'pdf') return { body: await pdf(matrix, opts, raster), contentType: 'application/pdf' };
  const needed = (matrix.size + 2 * opts.margin) * MIN_PX_PER_MODULE;
  if (opts.size < needed) {
    throw invalidField(
      'size',
      `This link's code has ${matrix.size + 2 * opts.margin} modules with its margin; at ${opts.size} pixels it would not scan. Use at least ${needed}, or a smaller margin.`,
    );
  }
  const png = drawPng(matrix, opts);
  if (raster) drawLogo(png, raster, opts.bg, opts.margin, matrix.size);
  return { body: encodePng(png), contentType: 'image/png' };
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

/**
 * PNG and PDF codes take PNG logos only (drawing SVG into them would need an SVG renderer), and
 * decode them: a logo stored before the size limit existed is judged again here, from its header.
 */
function rasterLogo(logo: QrLogo): QrLogo {
  if (logo.contentType !== 'image/png') throw invalidField('logo', 'This logo is SVG, which goes into SVG codes only; upload a PNG logo for PNG and PDF.');
  const size = readPngDimensions(logo.data);
  if (!size) throw invalidField('logo', 'This logo is not a readable PNG image; upload it again.');
  if (!logoSizeAllowed(size)) {
    throw invalidField('logo', `This logo is ${size.width}×${size.height} pixels; logos must be at most ${MAX_LOGO_PIXELS_TEXT}. Upload a smaller one.`);
  }
  return logo;
}

/** The logo's box, in modules from the top-left corner (margin included). */
function logoBox(m: QrMatrix, margin: number) {
  const side = m.size * LOGO_SIDE;
  const at = margin + (m.size - side) / 2;
  return { at, side };
}

function svg(m: QrMatrix, opts: QrOptions, logo?: QrLogo): string {
  const total = m.size + 2 * opts.margin;
  let logoSvg = '';
  if (logo) {
    const { at, side } = logoBox(m, opts.margin);
    const pad = 0.5;
    logoSvg =
      `<rect x="${at}" y="${at}" width="${side}" height="${side}" fill="${opts.bg}"/>` +
      `<image x="${at + pad}" y="${at + pad}" width="${side - 2 * pad}" height="${side - 2 * pad}" preserveAspectRatio="xMidYMid meet" ` +
      `href="data:${logo.contentType};base64,${logo.data.toString('base64')}"/>`;
  }
  const path = runs(m)
    .map(([x, y, n]) => `M${x + opts.margin} ${y + opts.margin}h${n}v1h-${n}z`)
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${opts.size}pt" height="${opts.size}pt" viewBox="0 0 ${total} ${total}" shape-rendering="crispEdges">` +
    `<rect width="${total}" height="${total}" fill="${opts.bg}"/>` +
    `<path fill="${opts.fg}" d="${path}"/>` +
    logoSvg +
    `</svg>\n`
  );
}

async function pdf(m: QrMatrix, opts: QrOptions, logo?: QrLogo): Promise<Uint8Array> {
  // Loaded for the first PDF: a server that renders none does not keep pdf-lib (~3 MiB of heap).
  const { PDFDocument, rgb } = await import('pdf-lib');
  const colour = (hex: string) => rgb(parseInt(hex.slice(1, 3), 16) / 255, parseInt(hex.slice(3, 5), 16) / 255, parseInt(hex.slice(5, 7), 16) / 255);
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
  if (logo) {
    const { at, side } = logoBox(m, opts.margin);
    const top = opts.size - (at + side) * unit;
    page.drawRectangle({ x: at * unit, y: top, width: side * unit, height: side * unit, color: colour(opts.bg) });
    const image = await doc.embedPng(logo.data);
    const inner = (side - 1) * unit;
    const fit = image.scaleToFit(inner, inner);
    page.drawImage(image, { x: (at + side / 2) * unit - fit.width / 2, y: top + (side * unit) / 2 - fit.height / 2, width: fit.width, height: fit.height });
  }
  return doc.save();
}

/** The URL a Sling QR code encodes: the short link with the marker the edge counts as a QR visit. */
export function qrUrl(shortUrl: string): string {
  return `${shortUrl}${shortUrl.includes('?') ? '&' : '?'}qr=1`;
}
