// The request line's target and method, decided before the edge and Next (lib/http/request-target.ts).
import { describe, expect, test } from 'vitest';
import { decideTarget } from '../../lib/http/request-target';

describe('decideTarget', () => {
  test('origin-form paths pass unchanged', () => {
    for (const url of ['/', '/abc', '/api/v1/links?q=1', '/l/expired/abc']) expect(decideTarget('GET', url)).toEqual({ kind: 'pass' });
  });
  test("absolute-form keeps only the path and query: the target's host never wins over Host", () => {
    expect(decideTarget('GET', 'http://evil.example/x?y=1')).toEqual({ kind: 'pass', url: '/x?y=1' });
    expect(decideTarget('POST', 'HTTPS://evil.example')).toEqual({ kind: 'pass', url: '/' });
  });
  test('OPTIONS * is answered with Allow; * with another method, and other targets, are 400 in the JSON shape', () => {
    expect(decideTarget('OPTIONS', '*')).toMatchObject({ kind: 'answer', status: 204, headers: { Allow: expect.stringContaining('GET') } });
    for (const [method, url] of [
      ['GET', '*'],
      ['GET', 'evil.example:443'],
      ['GET', '//evil.example/x'],
      ['GET', 'ftp://x/y'],
      ['GET', ''],
    ] as const) {
      expect(decideTarget(method, url)).toMatchObject({ kind: 'answer', status: 400, refusal: { code: 'invalid_request' } });
    }
  });
  test('TRACE and CONNECT are 405 with Allow', () => {
    for (const m of ['TRACE', 'CONNECT']) {
      expect(decideTarget(m, '/')).toMatchObject({
        kind: 'answer',
        status: 405,
        headers: { Allow: expect.any(String) },
        refusal: { code: 'method_not_allowed' },
      });
    }
  });
});
