import { describe, expect, test } from 'vitest';
import { apiHeaders, pageHeaders } from '../../lib/http/security-headers';
import { bodyProblem, percentDecoded, targetProblem } from '../../lib/http/text-checks';

describe('text checks', () => {
  test('targets: plain, percent-encoded UTF-8 and a lone % pass; NUL and invalid UTF-8 do not', () => {
    expect(targetProblem('/api/v1/links?q=hello')).toBeNull();
    expect(targetProblem('/api/v1/links?q=%C3%A9t%C3%A9')).toBeNull();
    expect(targetProblem('/api/v1/links?q=100%')).toBeNull();
    expect(targetProblem('/api/v1/links?q=%zz')).toBeNull();
    expect(targetProblem('/api/v1/links?q=a%00')).toMatch(/NUL/);
    expect(targetProblem('/x\u0000')).toMatch(/NUL/);
    expect(targetProblem('/api/v1/links?q=%FF')).toMatch(/UTF-8/);
    expect(targetProblem('/api/v1/links?q=%C3%28')).toMatch(/UTF-8/);
    expect(targetProblem(Buffer.from('/q=é').toString('latin1'))).toBeNull(); // raw UTF-8 bytes on the wire
    expect(targetProblem('/q=\u00e9')).toMatch(/UTF-8/); // a raw latin1 byte
  });
  test('bodies: JSON escapes and raw bytes, forms, and binary types left alone', () => {
    expect(bodyProblem(Buffer.from('{"a":"b"}'), 'application/json')).toBeNull();
    expect(bodyProblem(Buffer.from('{"a":"\\u0000"}'), 'application/json; charset=utf-8')).toMatch(/NUL/);
    expect(bodyProblem(Buffer.from('{"a\\u0000":1}'), 'application/json')).toMatch(/NUL/);
    expect(bodyProblem(Buffer.from('{"a":"\\\\u0000"}'), 'application/json')).toBeNull(); // an escaped backslash, then text
    expect(bodyProblem(Buffer.from([0x7b, 0xff, 0x7d]), 'application/json')).toMatch(/UTF-8/);
    expect(bodyProblem(Buffer.from('password=a%00'), 'application/x-www-form-urlencoded')).toMatch(/NUL/);
    expect(bodyProblem(Buffer.from('password=%E9'), 'application/x-www-form-urlencoded')).toMatch(/UTF-8/);
    expect(bodyProblem(Buffer.from([0, 1, 2, 0xff]), 'image/png')).toBeNull();
    expect(bodyProblem(Buffer.from([0, 1, 2, 0xff]), 'multipart/form-data; boundary=x')).toBeNull();
  });
  test('percent decoding keeps malformed escapes as they are', () => {
    expect(percentDecoded(Buffer.from('a%41%4')).toString()).toBe('aA%4');
  });
});

describe('security headers', () => {
  test('HSTS only over https; a fresh nonce per page; unsafe-eval only in development', () => {
    expect(apiHeaders({ https: true, dev: false })['Strict-Transport-Security']).toBe('max-age=31536000');
    expect(apiHeaders({ https: false, dev: false })['Strict-Transport-Security']).toBeUndefined();
    const a = pageHeaders({ https: true, dev: false });
    const b = pageHeaders({ https: true, dev: false });
    expect(a.nonce).not.toBe(b.nonce);
    expect(a.headers['Content-Security-Policy']).toContain(`'nonce-${a.nonce}'`);
    expect(a.headers['Content-Security-Policy']).not.toContain('unsafe-eval');
    expect(pageHeaders({ https: false, dev: true }).headers['Content-Security-Policy']).toContain('unsafe-eval');
  });
});
