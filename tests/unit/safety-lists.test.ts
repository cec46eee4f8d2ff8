// The safety scanner's pure parts: URL/host normalisation, the 64-bit hash set, list matching and
// the heuristics.
import { describe, expect, test } from 'vitest';
import { HashSet64 } from '../../lib/safety/hash-set64';
import { suspicionReasons } from '../../lib/safety/heuristics';
import { hostAndParents, normalizeHost, normalizeUrl } from '../../lib/safety/normalize-url';
import { ThreatList } from '../../lib/safety/threat-list';

describe('normalizeUrl', () => {
  test.each([
    ['HTTP://Evil.EXAMPLE.com:80/Path?q=1#frag', 'evil.example.com/Path?q=1'],
    ['https://evil.example.com:443', 'evil.example.com/'],
    ['https://evil.example.com.:8443/x?', 'evil.example.com:8443/x'],
    ['http://user:pw@evil.example.com/a', 'evil.example.com/a'],
    ['https://bücher.example/shop', 'xn--bcher-kva.example/shop'],
    ['http://0x7f.1/a', '127.0.0.1/a'],
    ['http://[::1]:80/', '[::1]/'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeUrl(input)).toBe(expected);
  });

  test('refuses what is not an http(s) URL with a host', () => {
    expect(normalizeUrl('ftp://example.com/')).toBeNull();
    expect(normalizeUrl('not a url')).toBeNull();
  });

  test('hosts: lower-case punycode without a trailing dot; parents up to the last two labels', () => {
    expect(normalizeHost('PayPaL.COM.')).toBe('paypal.com');
    expect(normalizeHost('рaypal.com')).toBe('xn--aypal-uye.com');
    expect(hostAndParents('a.b.evil.com')).toEqual(['a.b.evil.com', 'b.evil.com', 'evil.com']);
    expect(hostAndParents('10.0.0.1')).toEqual(['10.0.0.1']);
  });
});

describe('HashSet64', () => {
  test('keeps every key through growth, with its source, and finds no others', () => {
    const set = new HashSet64(4);
    for (let i = 0; i < 20_000; i++) set.add(`host-${i}.example`, i % 7);
    expect(set.size).toBe(20_000);
    for (let i = 0; i < 20_000; i++) expect(set.get(`host-${i}.example`)).toBe(i % 7);
    for (let i = 20_000; i < 40_000; i++) expect(set.get(`host-${i}.example`)).toBe(-1);
    set.add('host-1.example', 3);
    expect(set.size).toBe(20_000);
    expect(set.get('host-1.example')).toBe(1);
  });
});

describe('ThreatList', () => {
  const list = new ThreatList();
  list.add('host', 'evil.example', 'hosts.txt');
  list.add('url', 'phish.example.org/login.php?id=1', 'openphish');

  test('a host entry covers its subdomains, whatever the scheme, port or case', () => {
    expect(list.match('https://EVIL.example/anything')).toEqual({ kind: 'host', value: 'evil.example', source: 'hosts.txt' });
    expect(list.match('http://a.b.evil.example:8080/x')).toMatchObject({ kind: 'host', value: 'evil.example' });
    expect(list.match('https://notevil.example/')).toBeNull();
  });

  test('a URL entry matches that address only', () => {
    expect(list.match('https://phish.example.org/login.php?id=1#x')).toEqual({ kind: 'url', value: 'phish.example.org/login.php?id=1', source: 'openphish' });
    expect(list.match('https://phish.example.org/login.php?id=2')).toBeNull();
    expect(list.match('https://phish.example.org/')).toBeNull();
  });
});

describe('suspicionReasons', () => {
  const reasons = (u: string) => suspicionReasons(new URL(u));

  test.each([
    ['http://203.0.113.9/invoice.exe', /bare IP address/],
    ['http://[2001:db8::1]/', /bare IP address/],
    ['https://xn--aypal-uye.com/', /looks like paypal/],
    ['https://bit.ly/3abcd', /another link shortener \(bit\.ly\)/],
    ['https://example.top/paypal/signin?next=1', /paypal sign-in details/],
    ['https://secure-paypal-login.example/verify-account', /paypal sign-in details/],
    [`https://example.com/${'a'.repeat(1600)}`, /unusually long/],
    ['https://a.b.c.d.e.f.example.com/', /number of subdomains/],
    ['https://example.com/%70%61%79%70%61%6c', /percent-encoding/],
  ])('%s is suspicious', (url, reason) => {
    expect(reasons(url).join(' ')).toMatch(reason);
  });

  test.each([
    'https://www.paypal.com/signin',
    'https://github.com/login',
    'https://example.com/purchase/account',
    'https://bücher.example/',
    'https://docs.example.com/a/b?c=%20d',
    'https://news.example.co.uk/2026/11/article',
  ])('%s is not', (url) => {
    expect(reasons(url)).toEqual([]);
  });
});
