// Loop protection: which destinations lead back to Sling itself — every alias of its own address,
// refused at creation (validateLongUrl) and never followed by the edge (a loop page, no click).
import { describe, expect, test } from 'vitest';
import type { LinkRow } from '../../db/schema';
import { isLoopbackHost, normaliseHost, selfAddress } from '../../lib/domains/self-address';
import { toCachedLink } from '../../lib/edge/cached-link';
import { decideOutcome } from '../../lib/edge/decide-outcome';
import { AppError } from '../../lib/core/errors';
import { validateLongUrl } from '../../lib/domains/validate-long-url';
import { linkRow } from '../helpers/link-row';

// As `sling start` with HOST=127.0.0.1 PORT=3000 BASE_URL=http://127.0.0.1:3000, one custom domain.
const app = selfAddress({ hosts: ['127.0.0.1', '127.0.0.1', 'sho.rt', 'Bücher.example'], listenHost: '127.0.0.1', ports: [3000] });

describe('a destination that leads back to Sling is refused with 400 naming the url field', () => {
  test.each([
    'http://127.0.0.1:3000/x',
    'http://localhost:3000/x',
    'http://LOCALHOST.:3000/x',
    'http://app.localhost:3000/x',
    'http://[::1]:3000/x',
    'http://[0:0:0:0:0:0:0:1]:3000/x',
    'http://[::ffff:127.0.0.1]:3000/x',
    'http://[::ffff:7f00:2]:3000/x',
    'http://[::127.0.0.1]:3000/x',
    'http://127.0.0.2:3000/x',
    'http://127.255.255.254:3000/x',
    'http://127.1:3000/x',
    'http://2130706433:3000/x',
    'http://0x7f000001:3000/x',
    'http://0x7f.1:3000/x',
    'http://0177.0.0.1:3000/x',
    'http://0.0.0.0:3000/x',
    'http://0:3000/x',
    'http://[::]:3000/x',
    'http://127.0.0.1.:3000/x',
    'https://localhost:3000/x',
    'https://sho.rt/abc',
    'https://SHO.RT./abc',
    'http://sho.rt:8080/abc',
    'https://bücher.example/abc',
    'https://BÜCHER.EXAMPLE./abc',
    'https://xn--bcher-kva.example/abc',
  ])('%s', (url) => {
    let err: unknown;
    try {
      validateLongUrl(url, app);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(400);
    expect((err as AppError).code).toBe('invalid_request');
    expect((err as AppError).details).toEqual({ url: expect.stringMatching(/loop/) });
  });
});

describe('other destinations are accepted', () => {
  test.each([
    // Other services on this machine (another port) are not Sling.
    'http://localhost:3001/x',
    'http://127.0.0.1:8080/x',
    'http://[::1]:8080/x',
    'http://localhost/x',
    'http://128.0.0.1:3000/x',
    'http://[::ffff:10.0.0.1]:3000/x',
    'http://[::2]:3000/x',
    'https://sho.rt.example.com/abc',
    'https://notlocalhost:3000/x',
    'https://example.com:3000/x',
  ])('%s', (url) => {
    expect(validateLongUrl(url, app)).toBe(new URL(url).href);
  });
});

test('no port means the scheme default: it matters when Sling itself listens there', () => {
  const onPort80 = selfAddress({ hosts: ['localhost'], listenHost: '0.0.0.0', ports: [80] });
  expect(onPort80.pointsAtSelf(new URL('http://127.0.0.1/x'))).toBe(true);
  expect(onPort80.pointsAtSelf(new URL('http://[::1]:80/x'))).toBe(true);
  expect(onPort80.pointsAtSelf(new URL('https://127.0.0.1/x'))).toBe(false);
  const withTls = selfAddress({ hosts: ['sho.rt'], listenHost: '::', ports: [80, 443] });
  expect(withTls.pointsAtSelf(new URL('https://localhost/x'))).toBe(true);
});

test('loopback forms are only us when loopback reaches this process', () => {
  // Listening on one public address: a visitor's localhost is not this server.
  const publicOnly = selfAddress({ hosts: ['sho.rt'], listenHost: '203.0.113.5', ports: [3000] });
  expect(publicOnly.pointsAtSelf(new URL('http://localhost:3000/x'))).toBe(false);
  expect(publicOnly.pointsAtSelf(new URL('https://sho.rt/x'))).toBe(true);
  // …unless Sling is itself addressed by a loopback name.
  const named = selfAddress({ hosts: ['localhost'], listenHost: '203.0.113.5', ports: [3000] });
  expect(named.pointsAtSelf(new URL('http://127.0.0.1:3000/x'))).toBe(true);
});

test('normaliseHost and isLoopbackHost', () => {
  expect(normaliseHost('Bücher.Example.')).toBe('xn--bcher-kva.example');
  expect(normaliseHost('[::FFFF:127.0.0.1]')).toBe('::ffff:7f00:1');
  expect(normaliseHost('0x7f.1')).toBe('127.0.0.1');
  expect(normaliseHost('SHO.RT..')).toBe('sho.rt');
  for (const h of ['localhost', 'a.b.localhost', '127.0.0.1', '127.9.9.9', '0.0.0.0', '::1', '::', '::ffff:7f00:1', '::7f00:1'])
    expect(isLoopbackHost(h), h).toBe(true);
  for (const h of ['localhost.com', '128.0.0.1', '10.0.0.1', '::2', '::ffff:a00:1', 'fe80::1', '64:ff9b::7f00:1']) expect(isLoopbackHost(h), h).toBe(false);
});

describe('the edge never follows a stored loop', () => {
  const now = Date.parse('2026-06-01T00:00:00Z');
  const row = (longUrl: string, over: Partial<LinkRow> = {}): LinkRow => linkRow({ longUrl, createdAt: new Date(now), updatedAt: new Date(now), ...over });

  test('judged once when the link is cached; the decision is the loop page, not a redirect', () => {
    expect(toCachedLink(row('http://localhost:3000/Abc1234'), app)).toMatchObject({ loops: true });
    expect(decideOutcome(toCachedLink(row('http://localhost:3000/Abc1234'), app), 'a=1', now)).toEqual({ kind: 'page', page: 'loop' });
    expect(decideOutcome(toCachedLink(row('http://[::1]:3000/x', { passwordHash: '$2b$10$x' }), app), '', now)).toEqual({ kind: 'page', page: 'loop' });
    expect(decideOutcome(toCachedLink(row('https://example.com/'), app), '', now).kind).toBe('redirect');
    // Disabled and expired still win: they say more about the link.
    expect(decideOutcome(toCachedLink(row('http://localhost:3000/x', { status: 'disabled' }), app), '', now)).toEqual({ kind: 'page', page: 'disabled' });
  });
});
