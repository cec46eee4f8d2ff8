import { describe, expect, test } from 'vitest';
import { effectiveStatus } from '../../lib/links/serialize-link';
import { AppError } from '../../lib/core/errors';
import { CODE_ALPHABET, CODE_LENGTH, generateCode } from '../../lib/links/generate-code';
import { validateAlias } from '../../lib/links/validate-alias';
import { validateLongUrl } from '../../lib/domains/validate-long-url';
import { selfAddress } from '../../lib/domains/self-address';

const own = selfAddress({ hosts: ['sl.ing', 'localhost'], listenHost: '0.0.0.0', ports: [3000] });

function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  throw new Error('expected a refusal');
}

describe('validateLongUrl', () => {
  test.each([
    ['https://example.com/a?b=1', 'https://example.com/a?b=1'],
    ['  http://Example.COM  ', 'http://example.com/'],
    ['https://example.com/ü?q=ä b', 'https://example.com/%C3%BC?q=%C3%A4%20b'],
    ['https://sub.sl.ing.evil.com/', 'https://sub.sl.ing.evil.com/'],
  ])('accepts %s', (input, expected) => {
    expect(validateLongUrl(input, own)).toBe(expected);
  });

  test.each([
    ['', /required/],
    [42, /required/],
    ['example.com', /absolute/],
    ['/relative/path', /absolute/],
    ['javascript:alert(1)', /"javascript:" URLs are not allowed/],
    ['JavaScript:alert(1)', /"javascript:" URLs are not allowed/],
    ['data:text/html,<b>x</b>', /"data:"/],
    ['file:///etc/passwd', /"file:"/],
    ['ftp://example.com/x', /"ftp:"/],
    ['https://', /not a valid URL|no host/],
    ['https://user:pw@example.com/', /user name or password/],
    ['https://sl.ing/abc', /loop/],
    ['http://LOCALHOST:3000/x', /loop/],
    ['https://sl.ing./abc', /loop/],
    ['https://example.com/' + 'a'.repeat(2048), /longer than 2048/],
  ])('refuses %j', (input, message) => {
    const err = refusal(() => validateLongUrl(input, own));
    expect(err.status).toBe(400);
    expect(err.code).toBe('invalid_request');
    expect(err.message).toMatch(message);
    expect(err.details).toHaveProperty('url');
  });
});

describe('validateAlias', () => {
  test.each(['abc', 'My-Link_2', 'a'.repeat(50)])('accepts %s', (alias) => {
    expect(validateAlias(alias)).toBe(alias);
  });

  test.each([
    ['ab', /3 to 50/],
    ['a'.repeat(51), /3 to 50/],
    ['has space', /3 to 50/],
    ['émoji', /3 to 50/],
    ['a/b', /3 to 50/],
    ['api', /reserved/],
    ['API.php', /3 to 50/],
    ['Dashboard', /reserved/],
    ['healthz', /reserved/],
  ])('refuses %j', (alias, message) => {
    const err = refusal(() => validateAlias(alias));
    expect(err.status).toBe(400);
    expect(err.message).toMatch(message);
    expect(err.details).toHaveProperty('alias');
  });
});

describe('generateCode', () => {
  test('7 characters from a 57-character alphabet without look-alikes', () => {
    expect(CODE_ALPHABET).toHaveLength(57);
    for (const c of '0O1Il') expect(CODE_ALPHABET).not.toContain(c);
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const code = generateCode();
      expect(code).toHaveLength(CODE_LENGTH);
      for (const c of code) expect(CODE_ALPHABET).toContain(c);
      seen.add(code);
    }
    expect(seen.size).toBe(2000);
  });
});

describe('the status the APIs report', () => {
  const base = { status: 'active', expiresAt: null, maxClicks: null, clicks: 0 };
  const now = Date.parse('2027-01-31T10:00:00Z');
  test('an active link past its expiry or out of clicks is already expired, before the job stores it', () => {
    expect(effectiveStatus(base, now)).toBe('active');
    expect(effectiveStatus({ ...base, expiresAt: new Date(now + 1000) }, now)).toBe('active');
    expect(effectiveStatus({ ...base, expiresAt: new Date(now) }, now)).toBe('expired');
    expect(effectiveStatus({ ...base, maxClicks: 3, clicks: 2 }, now)).toBe('active');
    expect(effectiveStatus({ ...base, maxClicks: 3, clicks: 3 }, now)).toBe('expired');
    expect(effectiveStatus({ ...base, status: 'disabled', expiresAt: new Date(now - 1) }, now)).toBe('disabled');
  });
});
