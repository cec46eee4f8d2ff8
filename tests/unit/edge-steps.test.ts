import type { IncomingMessage } from 'node:http';
import { describe, expect, test } from 'vitest';
import { toCachedLink } from '../../lib/edge/cached-link';
import { clientIp } from '../../lib/edge/client-ip';
import { decideOutcome, fallbackFor } from '../../lib/edge/decide-outcome';
import { hostOf, parseLinkTarget } from '../../lib/edge/parse-request';
import type { LinkRow } from '../../db/schema';
import { linkRow } from '../helpers/link-row';

function row(over: Partial<LinkRow> = {}): LinkRow {
  return linkRow({ longUrl: 'https://example.com/a?b=1', ...over });
}

describe('parseLinkTarget', () => {
  test.each([
    ['/Abc1234', { code: 'Abc1234', query: '', trigger: 'link' }],
    ['/Abc1234/', { code: 'Abc1234', query: '', trigger: 'link' }],
    ['/my_alias-2?utm=x&y=1', { code: 'my_alias-2', query: 'utm=x&y=1', trigger: 'link' }],
    // Sling's QR marker marks the visit and is not forwarded; a look-alike parameter is.
    ['/Abc1234?qr=1', { code: 'Abc1234', query: '', trigger: 'qr' }],
    ['/Abc1234?utm=x&qr=1&y=2', { code: 'Abc1234', query: 'utm=x&y=2', trigger: 'qr' }],
    ['/Abc1234?qr=10', { code: 'Abc1234', query: 'qr=10', trigger: 'link' }],
  ])('%s is a link visit', (url, expected) => {
    expect(parseLinkTarget(url)).toEqual(expected);
  });

  test.each(['/', '/api', '/API', '/healthz', '/_next/static/x.js', '/a/b', '/favicon.ico', '/%41bc', '//x', 'x', undefined])('%s is not', (url) => {
    expect(parseLinkTarget(url)).toBeNull();
  });
});

test('hostOf strips ports and lower-cases, including IPv6', () => {
  expect(hostOf('Sl.ING:3000')).toBe('sl.ing');
  expect(hostOf('[::1]:8080')).toBe('::1');
  expect(hostOf(undefined)).toBe('');
});

describe('decideOutcome', () => {
  const now = Date.parse('2026-06-01T00:00:00Z');

  test('an active link redirects, the visit query string appended before the fragment', () => {
    const e = toCachedLink(row({ longUrl: 'https://example.com/a?b=1#top' }));
    const headers = ['Location', 'https://example.com/a?b=1#top', 'Cache-Control', 'private, max-age=0'];
    expect(decideOutcome(e, '', now)).toEqual({ kind: 'redirect', status: 302, location: 'https://example.com/a?b=1#top', linkId: 7, headers });
    // Made once per cached link: a visit without a query string allocates nothing.
    expect(decideOutcome(e, '', now)).toBe(decideOutcome(e, '', now + 1));
    expect(decideOutcome(e, 'x=2', now)).toMatchObject({ headers: ['Location', 'https://example.com/a?b=1&x=2#top', 'Cache-Control', 'private, max-age=0'] });
    expect(decideOutcome(e, 'x=2', now)).toMatchObject({ location: 'https://example.com/a?b=1&x=2#top' });
    const plain = toCachedLink(row({ longUrl: 'https://example.com/p' }));
    expect(decideOutcome(plain, 'utm_source=t', now)).toMatchObject({ location: 'https://example.com/p?utm_source=t' });
  });

  test('the link chooses 301/307/308', () => {
    expect(decideOutcome(toCachedLink(row({ redirectStatus: 301 })), '', now)).toMatchObject({ status: 301 });
  });

  test('protected, expired and disabled links get their page; unknown codes go to Next', () => {
    const page = (over: Partial<LinkRow>) => decideOutcome(toCachedLink(row(over)), '', now);
    expect(page({ passwordHash: '$2b$10$x' })).toEqual({ kind: 'page', page: 'protected' });
    expect(page({ expiresAt: new Date(now) })).toEqual({ kind: 'page', page: 'expired' });
    expect(page({ status: 'expired' })).toEqual({ kind: 'page', page: 'expired' });
    expect(page({ expiresAt: new Date(now + 1000) }).kind).toBe('redirect');
    expect(page({ status: 'disabled', passwordHash: '$2b$10$x' })).toEqual({ kind: 'page', page: 'disabled' });
    expect(page({ expiresAt: new Date(now - 1), passwordHash: '$2b$10$x' })).toEqual({ kind: 'page', page: 'expired' });
    expect(decideOutcome({ kind: 'missing' }, '', now).kind).toBe('next');
  });

  test('past max_clicks a link behaves as expired', () => {
    expect(decideOutcome(toCachedLink(row({ maxClicks: 3, clicks: 2 })), '', now).kind).toBe('redirect');
    expect(decideOutcome(toCachedLink(row({ maxClicks: 3, clicks: 3 })), '', now)).toEqual({ kind: 'page', page: 'expired' });
    // A link counting bots goes by people's and bots' visits together.
    expect(decideOutcome(toCachedLink(row({ maxClicks: 3, clicks: 1, botClicks: 2 })), '', now).kind).toBe('redirect');
    expect(decideOutcome(toCachedLink(row({ maxClicks: 3, clicks: 1, botClicks: 2, countBots: true })), '', now).kind).toBe('page');
  });

  test('before starts_at the "not yet" page, from it on the redirect; disabled and blocked still come first', () => {
    const page = (over: Partial<LinkRow>) => decideOutcome(toCachedLink(row(over)), '', now);
    expect(page({ startsAt: new Date(now + 1) })).toEqual({ kind: 'page', page: 'scheduled' });
    expect(page({ startsAt: new Date(now) }).kind).toBe('redirect');
    expect(page({ startsAt: new Date(now + 1), status: 'disabled' })).toEqual({ kind: 'page', page: 'disabled' });
    expect(page({ startsAt: new Date(now + 1), status: 'pending_review' })).toEqual({ kind: 'page', page: 'scheduled' });
  });

  test("fallbacks: an expired link's own expired_url, else its domain's; a link not started yet, the domain's not_found_url", () => {
    const e = (over: Partial<LinkRow>) => toCachedLink(row(over)) as Extract<ReturnType<typeof toCachedLink>, { kind: 'link' }>;
    const domain = { notFoundUrl: 'https://d.example/404', expiredUrl: 'https://d.example/over' };
    expect(fallbackFor('expired', e({ expiredUrl: 'https://l.example/over' }), domain)).toBe('https://l.example/over');
    expect(fallbackFor('expired', e({}), domain)).toBe('https://d.example/over');
    expect(fallbackFor('expired', e({}), {})).toBeNull();
    expect(fallbackFor('scheduled', e({ expiredUrl: 'https://l.example/over' }), domain)).toBe('https://d.example/404');
    expect(fallbackFor('disabled', e({ expiredUrl: 'https://l.example/over' }), domain)).toBeNull();
  });
});

describe('clientIp', () => {
  const req = (remote: string, xff?: string) =>
    ({ socket: { remoteAddress: remote }, headers: xff ? { 'x-forwarded-for': xff } : {} }) as unknown as IncomingMessage;

  test('ignores X-Forwarded-For unless TRUST_PROXY', () => {
    expect(clientIp(req('::ffff:10.0.0.1', '1.2.3.4'), false)).toBe('10.0.0.1');
  });
  test('true is one hop: the rightmost entry, which the proxy appended, not the client-supplied leftmost', () => {
    // Behind one appending proxy a client sending "X-Forwarded-For: 6.6.6.6" arrives as "6.6.6.6, <its address>".
    expect(clientIp(req('10.0.0.1', '6.6.6.6, 5.6.7.8'), true)).toBe('5.6.7.8');
    expect(clientIp(req('10.0.0.1', '6.6.6.6, 5.6.7.8'), 1)).toBe('5.6.7.8');
    expect(clientIp(req('10.0.0.1', '5.6.7.8'), true)).toBe('5.6.7.8');
  });
  test('a hop count n takes the nth entry from the right; a shorter header its leftmost; 0 the socket', () => {
    expect(clientIp(req('10.0.0.1', '6.6.6.6, 1.2.3.4, 10.0.0.2'), 1)).toBe('10.0.0.2');
    expect(clientIp(req('10.0.0.1', '6.6.6.6, 1.2.3.4, 10.0.0.2'), 2)).toBe('1.2.3.4');
    expect(clientIp(req('10.0.0.1', '1.2.3.4'), 3)).toBe('1.2.3.4');
    expect(clientIp(req('10.0.0.1', '1.2.3.4'), 0)).toBe('10.0.0.1');
    expect(clientIp(req('10.0.0.1'), true)).toBe('10.0.0.1');
  });
});
