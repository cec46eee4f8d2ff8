// A QR code's centre logo: validated on upload (PNG of at most 2048×2048 pixels that decodes, or
// SVG that parses, ≤ 256 KiB), stored per link, and placed in a box of the background colour
// covering at most 20 % of the code, which error correction level H (forced with a logo) reads through.
import { XMLValidator } from 'fast-xml-parser';
import { PNG } from 'pngjs';
import { AppError, invalidField } from '../core/errors';
import { readPngDimensions, type PngDimensions } from '../images/png-dimensions';

export interface QrLogo {
  contentType: 'image/png' | 'image/svg+xml';
  data: Buffer;
}

export const MAX_LOGO_BYTES = 256 * 1024;
/** The 413 of an upload over MAX_LOGO_BYTES. */
export const logoTooLarge = () => new AppError('payload_too_large', `The logo must be at most ${MAX_LOGO_BYTES / 1024} KiB.`);
/** Side of the logo's box as a fraction of the code's (0.3² = 9 % of the area, under the 20 % cap). */
export const LOGO_SIDE = 0.3;
/**
 * Largest side of a PNG logo. Its box is at most 0.3 × 4096 ≈ 1,230 pixels wide, so more only
 * costs memory: decoding takes 4 bytes a pixel (16 MiB here; a 16000² "bomb" would take 1 GiB).
 */
export const MAX_LOGO_SIDE = 2048;
export const MAX_LOGO_PIXELS_TEXT = `${MAX_LOGO_SIDE}×${MAX_LOGO_SIDE} pixels`;

/** True when a PNG's declared size is within MAX_LOGO_SIDE: checked from the header, before decoding. */
export function logoSizeAllowed(size: PngDimensions): boolean {
  return size.width <= MAX_LOGO_SIDE && size.height <= MAX_LOGO_SIDE;
}

export function validateLogo(contentType: string | null, data: Buffer): QrLogo {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (data.length === 0) throw invalidField('logo', 'Send the logo image as the request body.');
  if (data.length > MAX_LOGO_BYTES) throw logoTooLarge();
  if (type === 'image/png') {
    const size = readPngDimensions(data);
    if (!size) throw invalidField('logo', 'That is not a readable PNG image.');
    if (!logoSizeAllowed(size)) {
      const message = `The logo must be at most ${MAX_LOGO_PIXELS_TEXT}; this one is ${size.width}×${size.height}.`;
      throw new AppError('payload_too_large', message, { logo: message });
    }
    try {
      PNG.sync.read(data);
    } catch {
      throw invalidField('logo', 'That is not a readable PNG image.');
    }
    return { contentType: 'image/png', data };
  }
  if (type === 'image/svg+xml') {
    const text = data.toString('utf8');
    if (XMLValidator.validate(text) !== true || !/<svg[\s>]/.test(text)) throw invalidField('logo', 'That is not a well-formed SVG image.');
    // An SVG is not decoded here, but it is served inside SVG codes: entity declarations can expand
    // to gigabytes in a viewer ("billion laughs"), and a logo has no use for them.
    if (/<!(DOCTYPE|ENTITY)/i.test(text)) throw invalidField('logo', 'SVG logos may not contain a DOCTYPE or entity declarations.');
    return { contentType: 'image/svg+xml', data };
  }
  throw new AppError('unsupported_media_type', 'Send the logo as image/png or image/svg+xml.');
}

/**
 * Draws a PNG logo into a PNG code's bitmap: a box of `bg` in the centre, the logo scaled inside.
 * The logo's size must have been checked (logoSizeAllowed) first.
 */
export function drawLogo(code: PNG, logo: QrLogo, bg: string, margin: number, modules: number): void {
  const img = PNG.sync.read(logo.data);
  const px = code.width / (modules + 2 * margin);
  const box = Math.round(modules * px * LOGO_SIDE);
  const x0 = Math.round((code.width - box) / 2);
  const pad = Math.max(1, Math.round(px / 2));
  const [br, bgG, bb] = [1, 3, 5].map((i) => parseInt(bg.slice(i, i + 2), 16));
  // Box, then the logo fitted inside it (aspect kept), nearest-neighbour, alpha-blended.
  for (let y = x0; y < x0 + box; y++) for (let x = x0; x < x0 + box; x++) setPixel(code, x, y, br, bgG, bb, 255);
  const inner = box - 2 * pad;
  const scale = Math.min(inner / img.width, inner / img.height);
  const w = Math.max(1, Math.round(img.width * scale));
  const h = Math.max(1, Math.round(img.height * scale));
  const lx = x0 + Math.round((box - w) / 2);
  const ly = x0 + Math.round((box - h) / 2);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const sx = Math.min(img.width - 1, Math.floor(x / scale));
      const sy = Math.min(img.height - 1, Math.floor(y / scale));
      const s = (sy * img.width + sx) * 4;
      const a = img.data[s + 3] / 255;
      const d = ((ly + y) * code.width + (lx + x)) * 4;
      for (let c = 0; c < 3; c++) code.data[d + c] = Math.round(img.data[s + c] * a + code.data[d + c] * (1 - a));
    }
  }
}

function setPixel(png: PNG, x: number, y: number, r: number, g: number, b: number, a: number) {
  const i = (y * png.width + x) * 4;
  png.data[i] = r;
  png.data[i + 1] = g;
  png.data[i + 2] = b;
  png.data[i + 3] = a;
}
