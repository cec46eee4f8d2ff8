// A PNG's width and height read from its header (the IHDR chunk, which must come first), so an
// image can be judged before anything decodes it: 200 KiB of compressed zeros can declare 16000²
// pixels, a gigabyte once decoded.

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** PNG's own bound on either side (2³¹ − 1). */
const MAX_SIDE = 0x7fffffff;

export interface PngDimensions {
  width: number;
  height: number;
}

/** The declared size, or undefined when `data` does not start like a PNG (signature, then IHDR). */
export function readPngDimensions(data: Uint8Array): PngDimensions | undefined {
  // Signature (8) + IHDR length (4) + type (4) + width (4) + height (4).
  if (data.length < 24) return undefined;
  if (SIGNATURE.some((byte, i) => data[i] !== byte)) return undefined;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (view.getUint32(8) !== 13) return undefined;
  if (String.fromCharCode(data[12], data[13], data[14], data[15]) !== 'IHDR') return undefined;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  if (width === 0 || height === 0 || width > MAX_SIDE || height > MAX_SIDE) return undefined;
  return { width, height };
}
