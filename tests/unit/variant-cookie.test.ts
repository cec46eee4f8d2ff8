// The A/B test's variant cookie (lib/edge/variant-cookie.ts): signed per link and variant, read only
// under its own name, refused when edited, and scoped to the short link's path.
import { describe, expect, test } from 'vitest';
import { variantCookies } from '../../lib/edge/variant-cookie';

describe('variant cookies', () => {
  const cookies = variantCookies('test-secret-0123456789abcdef0123456789abcdef');
  const made = cookies.make(42, 'green', '/launch');
  const pair = made.split(';')[0];

  test('made with its path, 30 days, HttpOnly and SameSite=Lax; read back under its own name only', () => {
    expect(made).toMatch(/^sl_v42=green\.[A-Za-z0-9_-]{16}; Path=\/launch; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    // Over HTTPS (a custom domain's TLS listener) it is Secure too.
    expect(cookies.make(42, 'green', '/launch', true)).toBe(`${made}; Secure`);
    expect(cookies.read(pair, 42)).toBe('green');
    expect(cookies.read(`theme=dark; ${pair}; other=1`, 42)).toBe('green');
    // Another link's cookie, or a name that merely ends the same, is not this link's.
    expect(cookies.read(pair, 4)).toBeUndefined();
    expect(cookies.read(`x${pair}`, 42)).toBeUndefined();
    expect(cookies.read(`x${pair}; ${pair}`, 42)).toBe('green');
    expect(cookies.read(pair.replace('sl_v42', 'sl_v142'), 42)).toBeUndefined();
  });

  test('an edited variant or signature, another secret, or nothing at all reads as no variant', () => {
    const signature = pair.split('.')[1];
    expect(cookies.read(`sl_v42=blue.${signature}`, 42)).toBeUndefined();
    expect(cookies.read(`sl_v42=green.${'A'.repeat(16)}`, 42)).toBeUndefined();
    expect(cookies.read('sl_v42=green', 42)).toBeUndefined();
    expect(cookies.read('sl_v42=', 42)).toBeUndefined();
    expect(cookies.read(undefined, 42)).toBeUndefined();
    expect(variantCookies('another-secret-0123456789abcdef0123456789ab').read(pair, 42)).toBeUndefined();
  });
});
