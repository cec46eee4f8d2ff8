// A domain favicon upload is judged by its bytes: PNG only, bounded in bytes and pixels, and every
// refusal is an AppError (a 4xx in the JSON error shape), never a thrown RangeError.
import { PNG } from 'pngjs';
import { describe, expect, test } from 'vitest';
import { MAX_FAVICON_BYTES, validateFavicon } from '../../lib/domains/favicon-image';
import { AppError } from '../../lib/core/errors';

function png(width: number, height: number): Buffer {
  return PNG.sync.write(new PNG({ width, height }));
}

function refusal(data: Buffer): { code: string; message: string } {
  try {
    validateFavicon(data);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return { code: (err as AppError).code, message: (err as AppError).message };
  }
  throw new Error('accepted');
}

describe('validateFavicon', () => {
  test('a PNG within 1024×1024 is taken', () => {
    expect(validateFavicon(png(32, 32))).toBe('image/png');
    expect(validateFavicon(png(1024, 1))).toBe('image/png');
  });

  test('other formats are named in the refusal; short bodies are refused, not crashed on', () => {
    expect(refusal(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toMatchObject({ code: 'unsupported_media_type', message: expect.stringMatching(/JPEG/) });
    expect(refusal(Buffer.from([0, 0, 1, 0, 1, 0]))).toMatchObject({ code: 'unsupported_media_type', message: expect.stringMatching(/ICO/) });
    expect(refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toMatchObject({
      code: 'unsupported_media_type',
      message: expect.stringMatching(/SVG/),
    });
    for (const short of [[1], [1, 2], [1, 2, 3]]) expect(refusal(Buffer.from(short)).code).toBe('unsupported_media_type');
    expect(refusal(Buffer.alloc(0)).code).toBe('invalid_request');
  });

  test('too many pixels or bytes: payload_too_large; a broken PNG body: invalid_request', () => {
    expect(refusal(png(1025, 2))).toMatchObject({ code: 'payload_too_large', message: expect.stringMatching(/1025×2/) });
    expect(refusal(Buffer.alloc(MAX_FAVICON_BYTES + 1)).code).toBe('payload_too_large');
    expect(refusal(png(64, 64).subarray(0, 40)).code).toBe('invalid_request');
  });
});
