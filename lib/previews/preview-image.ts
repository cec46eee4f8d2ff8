// An uploaded social-preview image, judged by its bytes (the Content-Type header is not trusted): a
// PNG (decoded in full) or a JPEG (its frame header read), at most 1 MiB and 4096×4096 pixels. Link
// previews show it at up to 1200×630; Slack, X and Facebook all take PNG and JPEG.
import { PNG } from 'pngjs';
import { AppError, invalidField } from '../core/errors';
import { readPngDimensions, type PngDimensions } from '../images/png-dimensions';

export const MAX_PREVIEW_IMAGE_BYTES = 1024 * 1024;
/** The 413 of an upload over MAX_PREVIEW_IMAGE_BYTES. */
export const previewImageTooLarge = () => new AppError('payload_too_large', `The preview image must be at most ${MAX_PREVIEW_IMAGE_BYTES / 1024} KiB.`);
export const MAX_PREVIEW_IMAGE_SIDE = 4096;

export type PreviewImageType = 'image/png' | 'image/jpeg';

export function validatePreviewImage(data: Uint8Array): PreviewImageType {
  if (data.length === 0) throw invalidField('image', 'Send the image (PNG or JPEG) as the request body.');
  if (data.length > MAX_PREVIEW_IMAGE_BYTES) throw previewImageTooLarge();
  const png = readPngDimensions(data);
  const size = png ?? readJpegDimensions(data);
  if (!size) throw new AppError('unsupported_media_type', 'The preview image must be a PNG or JPEG image.', { image: 'Not a PNG or JPEG image.' });
  if (size.width > MAX_PREVIEW_IMAGE_SIDE || size.height > MAX_PREVIEW_IMAGE_SIDE) {
    const message = `The preview image must be at most ${MAX_PREVIEW_IMAGE_SIDE}×${MAX_PREVIEW_IMAGE_SIDE} pixels; this one is ${size.width}×${size.height}.`;
    throw new AppError('payload_too_large', message, { image: message });
  }
  if (!png) return 'image/jpeg';
  try {
    PNG.sync.read(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  } catch {
    throw invalidField('image', 'That is not a readable PNG image.');
  }
  return 'image/png';
}

/** A JPEG's size from its first start-of-frame marker, or undefined when it is not a JPEG. */
export function readJpegDimensions(data: Uint8Array): PngDimensions | undefined {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return undefined;
  let i = 2;
  while (i + 9 < data.length) {
    if (data[i] !== 0xff) return undefined;
    const marker = data[i + 1];
    if (marker === 0xff) {
      i++;
      continue;
    }
    const length = (data[i + 2] << 8) | data[i + 3];
    // SOF0…SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = (data[i + 5] << 8) | data[i + 6];
      const width = (data[i + 7] << 8) | data[i + 8];
      return width > 0 && height > 0 ? { width, height } : undefined;
    }
    if (length < 2) return undefined;
    i += 2 + length;
  }
  return undefined;
}
