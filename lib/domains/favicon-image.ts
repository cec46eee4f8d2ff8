// A domain favicon upload, judged by its bytes (the Content-Type header is not trusted): a PNG that
// decodes, at most 1024×1024 pixels and 512 KiB. PNG only: QR codes draw the favicon from its
// pixels (pngjs), and every browser shows a PNG served as /favicon.ico.
import { PNG } from 'pngjs';
import { AppError, invalidField } from '../core/errors';
import { readPngDimensions } from '../images/png-dimensions';

export const MAX_FAVICON_BYTES = 512 * 1024;
/** The 413 of an upload over MAX_FAVICON_BYTES. */
export const faviconTooLarge = () => new AppError('payload_too_large', `The favicon must be at most ${MAX_FAVICON_BYTES / 1024} KiB.`);
/** 1024² decodes to 4 MiB; a favicon is shown at 16–256 pixels, so more only costs memory. */
export const MAX_FAVICON_SIDE = 1024;

export function validateFavicon(data: Buffer): 'image/png' {
  if (data.length === 0) throw invalidField('favicon', 'Send the favicon image (a PNG) as the request body.');
  if (data.length > MAX_FAVICON_BYTES) throw faviconTooLarge();
  const size = readPngDimensions(data);
  if (!size) throw new AppError('unsupported_media_type', `The favicon must be a PNG image${sniff(data)}.`);
  if (size.width > MAX_FAVICON_SIDE || size.height > MAX_FAVICON_SIDE) {
    const message = `The favicon must be at most ${MAX_FAVICON_SIDE}×${MAX_FAVICON_SIDE} pixels; this one is ${size.width}×${size.height}.`;
    throw new AppError('payload_too_large', message, { favicon: message });
  }
  try {
    PNG.sync.read(data);
  } catch {
    throw invalidField('favicon', 'That is not a readable PNG image.');
  }
  return 'image/png';
}

/** What the refused bytes look like, so the message can say. */
function sniff(data: Buffer): string {
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return '; this is a JPEG, convert it to PNG first';
  if (data.length >= 4 && data.readUInt32BE(0) === 0x00000100) return '; this is an ICO file, upload the PNG inside it';
  if (data.subarray(0, 256).toString('utf8').includes('<svg')) return '; this is an SVG, export it as a PNG first';
  return '';
}
