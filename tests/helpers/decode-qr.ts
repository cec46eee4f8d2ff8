// Reads a PNG's pixels and decodes the QR code in it with a real decoder (jsQR).
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

export function decodeQrPng(png: Uint8Array): string | null {
  const image = PNG.sync.read(Buffer.from(png));
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

export function pngSize(png: Uint8Array): { width: number; height: number } {
  const image = PNG.sync.read(Buffer.from(png));
  return { width: image.width, height: image.height };
}

/** A 60×40 test logo: an orange block (230, 81, 0) inside a transparent border. */
export function makePngLogo(): Buffer {
  const png = new PNG({ width: 60, height: 40 });
  for (let y = 0; y < 40; y++) {
    for (let x = 0; x < 60; x++) {
      const inside = x > 4 && x < 55 && y > 4 && y < 35;
      png.data.set(inside ? [230, 81, 0, 255] : [0, 0, 0, 0], (y * 60 + x) * 4);
    }
  }
  return PNG.sync.write(png);
}
