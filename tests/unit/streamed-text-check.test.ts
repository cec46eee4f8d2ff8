import { describe, expect, test } from 'vitest';
import { incompleteTail, streamedTextCheck } from '../../lib/http/streamed-text-check';
import { bodyProblem } from '../../lib/http/text-checks';

/** The streamed verdict on `body` sent in pieces cut at `cuts`. */
function streamed(body: Buffer, contentType: string, cuts: number[]): string | null {
  const check = streamedTextCheck(contentType);
  if (check === null) return null;
  let from = 0;
  for (const cut of [...cuts, body.length]) {
    const problem = check.push(body.subarray(from, cut));
    if (problem !== null) return problem;
    from = cut;
  }
  return check.end();
}

const BODIES: Array<[string, Buffer]> = [
  ['text/csv', Buffer.from('url\nhttps://example.com/é/€/𝄞\n')],
  ['text/csv', Buffer.from([0x75, 0x72, 0x6c, 0x0a, 0xe2, 0x82])], // cut off inside "€"
  ['text/csv', Buffer.from([0x61, 0xc3, 0x28, 0x62])], // a lead byte without its continuation
  ['text/csv', Buffer.from([0x61, 0x80, 0x62])], // a lone continuation byte
  ['text/csv', Buffer.from([0x61, 0xf8, 0x88, 0x80, 0x80, 0x80])], // five-byte forms are not UTF-8
  ['text/csv', Buffer.from('a,b\u0000,c')],
  ['application/json', Buffer.from('{"a":"é\\u0000"}')],
  ['application/json', Buffer.from('{"a":"\\\\u0000","b":"𝄞"}')], // an escaped backslash, then text
  ['application/json; charset=utf-8', Buffer.from('{"a":"\\u0041"}')],
  ['application/json', Buffer.from([0x7b, 0xed, 0xa0, 0x80, 0x7d])], // a UTF-16 surrogate in UTF-8
  ['application/x-www-form-urlencoded', Buffer.from('password=a%0')],
  ['application/x-www-form-urlencoded', Buffer.from('password=a%00')],
  ['application/x-www-form-urlencoded', Buffer.from('password=%C3%A9')],
];

describe('text checks, chunk by chunk', () => {
  test('every way of cutting a body into two or three pieces gives the whole-body verdict', () => {
    for (const [type, body] of BODIES) {
      const whole = bodyProblem(body, type);
      for (let i = 0; i <= body.length; i++) {
        for (let j = i; j <= body.length; j++) {
          expect(streamed(body, type, [i, j]) === null, `${type} ${body.toString('hex')} cut at ${i}, ${j}`).toBe(whole === null);
        }
      }
    }
  });

  test('a multi-byte character cut by a chunk end is carried to the next chunk; one cut off at the very end is refused', () => {
    const euro = Buffer.from('€'); // e2 82 ac
    expect(incompleteTail(Buffer.concat([Buffer.from('ab'), euro.subarray(0, 2)]))).toBe(2);
    expect(incompleteTail(Buffer.concat([Buffer.from('ab'), euro]))).toBe(5);
    expect(incompleteTail(Buffer.from('abc'))).toBe(3);
    const check = streamedTextCheck('text/csv')!;
    expect(check.push(Buffer.from([0x61, 0xe2]))).toBeNull();
    expect(check.push(Buffer.from([0x82, 0xac, 0x0a]))).toBeNull();
    expect(check.push(Buffer.from([0xf0, 0x9d]))).toBeNull();
    expect(check.end()).toMatch(/UTF-8/);
  });

  test('a NUL is refused in the chunk that brings it; binary and multipart bodies are not looked at', () => {
    const check = streamedTextCheck('text/plain')!;
    expect(check.push(Buffer.from('fine'))).toBeNull();
    expect(check.push(Buffer.from([0x61, 0x00]))).toMatch(/NUL/);
    expect(streamedTextCheck('image/png')).toBeNull();
    expect(streamedTextCheck('multipart/form-data; boundary=x')).toBeNull();
  });
});
