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
