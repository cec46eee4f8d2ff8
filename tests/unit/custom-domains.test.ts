// Custom-domain pieces without a server: host name rules, app hosts, the record set, the backoff
// schedule of background checks, and the site directory's per-host and negative caching.
import { describe, expect, test } from 'vitest';
import { AppError } from '../../lib/core/errors';
import { appHosts } from '../../lib/domains/app-hosts';
import { assertDomainAllowance } from '../../lib/domains/domain-limits';
import { expectedRecords } from '../../lib/domains/domain-records';
import { CHECK_WINDOW_MS, nextCheckAt } from '../../lib/domains/domain-settings';
import { normalizeHostname } from '../../lib/domains/normalize-hostname';
import { domainHostKey, SiteDirectory, type CustomDomain } from '../../lib/domains/site-directory';
import { ALL_KEYS } from '../../lib/cache/invalidation-bus';
import { retryDelayMs } from '../../lib/acme/issue-due-certificates';

const OWN = { baseHost: 'sl.ing', linkHost: 'cname.sl.ing' };

function refusal(input: unknown): string {
  try {
    normalizeHostname(input, OWN);
  } catch (err) {
    if (err instanceof AppError) return String(err.details?.hostname);
    throw err;
  }
  return 'accepted';
}

describe('normalizeHostname', () => {
  test('IDN to punycode, lower case, final dot dropped; apex and label found through the public suffix list', () => {
    expect(normalizeHostname('Bücher.Example.COM.', OWN)).toEqual({
      hostname: 'xn--bcher-kva.example.com',
      registrable: 'example.com',
      apex: false,
      label: 'xn--bcher-kva',
    });
    expect(normalizeHostname('a.b.example.co.uk', OWN)).toMatchObject({ registrable: 'example.co.uk', apex: false, label: 'a.b' });
    expect(normalizeHostname('example.co.uk', OWN)).toMatchObject({ apex: true, label: '@' });
  });

  test("refuses IP literals, public suffixes (ICANN and private), Sling's own hosts, URLs and bad syntax", () => {
    expect(refusal('192.0.2.1')).toMatch(/IP address/);
    expect(refusal('[2001:db8::1]')).toMatch(/IP address/);
    expect(refusal('co.uk')).toMatch(/public suffix/);
    expect(refusal('github.io')).toMatch(/public suffix/);
    expect(refusal('com')).toMatch(/not a valid host name/);
    expect(refusal('sl.ing')).toMatch(/belongs to this Sling/);
    expect(refusal('x.cname.sl.ing')).toMatch(/belongs to this Sling/);
    expect(refusal('http://go.example.com/')).toMatch(/without http/);
    expect(refusal('*.example.com')).toMatch(/not a valid host name/);
    expect(refusal('-bad.example.com')).toMatch(/not a valid host name/);
    expect(refusal(42)).toMatch(/Give the host name/);
    expect(refusal('me.github.io')).toBe('accepted');
  });

  test('refuses, with the reason, what it would otherwise drop or decode: a path, query, fragment, port, user, backslash, %XX, spaces', () => {
    for (const [input, reason] of [
      ['go.example.com/path', /without a path, query or fragment/],
      ['go.example.com?x=1', /without a path, query or fragment/],
      ['go.example.com#top', /without a path, query or fragment/],
      ['go.example.com\\evil.test', /backslash/],
      ['go%2eexample.com', /percent-encoded/],
      ['g%C3%BC.example.com', /percent-encoded/],
      ['go.example.com:8443', /without a port/],
      ['me@go.example.com', /without a user name/],
      ['go .example.com', /spaces/],
    ] as const) {
      expect(refusal(input), input).toMatch(reason);
    }
  });

  test('refuses look-alike labels (UTS #39): mixed scripts, and letters that all pass for plain Latin ones; real IDNs pass', () => {
    // Cyrillic а р ӏ е: "apple".
    expect(refusal('go.аррӏе.com')).toMatch(/"аррӏе" can pass for a name in plain Latin letters \(а р ӏ е/);
    expect(refusal('go.xn--80ak6aa92e.com')).toMatch(/can pass for a name in plain Latin letters/);
    // Latin with a Cyrillic а.
    expect(refusal('login.pаypаl.com')).toMatch(/"pаypаl" mixes letters of different scripts \(Latin and Cyrillic\)/);
    expect(refusal('gо-x.example.com')).toMatch(/mixes letters of different scripts/);
    expect(refusal('ѕсоре.example.com')).toMatch(/plain Latin letters/);
    expect(refusal('ɡoogle.example.com')).toMatch(/plain Latin letters \(ɡ/);
    expect(refusal('ab\u2010cd.example.com')).toMatch(/plain Latin letters/);
    // Cyrillic ԍ looks like a small capital G (its prototype ɢ is Latin, not ASCII): "google".
    expect(refusal('ԍооԍӏе.example.com')).toMatch(/"ԍооԍӏе" can pass for a name in plain Latin letters \(ԍ о ӏ е/);
    for (const name of [
      'bücher.example.com',
      'straße.example.de',
      'œuvre.example.fr',
      'сайт.example.com',
      'пример.рф',
      'παράδειγμα.example.gr',
      '例え.テスト.jp',
      '東京タワーabc.example.jp',
      '한국어abc.example.kr',
      'مثال.example.com',
      'ığdır.example.com.tr',
    ]) {
      expect(refusal(name), name).toBe('accepted');
    }
  });
});

test("app hosts: BASE_URL's host; the loopback names only when BASE_URL is loopback", () => {
  expect([...appHosts('127.0.0.1')].sort()).toEqual(['127.0.0.1', '::1', 'localhost']);
  expect([...appHosts('localhost')].sort()).toEqual(['127.0.0.1', '::1', 'localhost']);
  expect([...appHosts('sl.ing')]).toEqual(['sl.ing']);
});

test('records: CNAME + TXT for a subdomain; A/AAAA to LINK_HOST_IPS + TXT for an apex', () => {
  const settings = { linkHost: 'cname.sl.ing', linkHostIps: ['203.0.113.7', '2001:db8::7'] };
  expect(expectedRecords({ hostname: 'go.example.com', verificationToken: 't0k' }, 'example.com', settings)).toEqual([
    { type: 'CNAME', name: 'go.example.com', label: 'go', value: 'cname.sl.ing', purpose: 'route' },
    { type: 'TXT', name: '_svc-verify.go.example.com', label: '_svc-verify.go', value: 'svc-verify=t0k', purpose: 'ownership' },
  ]);
  expect(expectedRecords({ hostname: 'example.com', verificationToken: 't0k' }, 'example.com', settings).map((r) => `${r.type} ${r.label} ${r.value}`)).toEqual(
    ['A @ 203.0.113.7', 'AAAA @ 2001:db8::7', 'TXT _svc-verify svc-verify=t0k'],
  );
});

test('background checks back off along the schedule, the last step repeating, and stop after 72 hours', () => {
  const added = new Date('2027-01-01T00:00:00Z');
  const at = (s: number) => new Date(added.getTime() + s * 1000);
  const schedule = [60, 120, 600];
  expect(nextCheckAt(added, added, schedule)).toEqual(at(60));
  expect(nextCheckAt(added, at(60), schedule)).toEqual(at(180));
  expect(nextCheckAt(added, at(200), schedule)).toEqual(at(780));
  expect(nextCheckAt(added, at(780), schedule)).toEqual(at(1380));
  expect(nextCheckAt(added, new Date(added.getTime() + CHECK_WINDOW_MS - 1000), schedule)).toBeNull();
});

test('plan allowance: Free 1, Pro 10, Business 100, Enterprise unlimited; the refusal names the next plan', () => {
  expect(() => assertDomainAllowance('free', 0)).not.toThrow();
  expect(() => assertDomainAllowance('free', 1)).toThrow(expect.objectContaining({ code: 'plan_required', details: { plan: 'pro', limit: 1 } }));
  expect(() => assertDomainAllowance('pro', 9)).not.toThrow();
  expect(() => assertDomainAllowance('pro', 10)).toThrow(expect.objectContaining({ details: { plan: 'business', limit: 10 } }));
  expect(() => assertDomainAllowance('business', 100)).toThrow(expect.objectContaining({ details: { plan: 'enterprise', limit: 100 } }));
  expect(() => assertDomainAllowance('enterprise', 100_000)).not.toThrow();
});

describe('SiteDirectory', () => {
  const go: CustomDomain = {
    id: 7,
    hostname: 'go.example.com',
    workspaceId: 'w',
    notFoundUrl: null,
    expiredUrl: null,
    rootRedirectUrl: null,
    rootBehavior: 'sling',
    hasCertificate: false,
  };
  function directory(rows: Map<string, CustomDomain>) {
    const asked: string[] = [];
    const sites = new SiteDirectory({
      appHosts: new Set(['sl.ing']),
      load: async (host) => {
        asked.push(host);
        return rows.get(host);
      },
      ttlMs: 60_000,
    });
    return { sites, asked };
  }

  test('app hosts without a query; custom and unknown hosts once each, then from memory (negative caching)', async () => {
    const { sites, asked } = directory(new Map([['go.example.com', go]]));
    expect(sites.resolve('sl.ing')).toEqual({ kind: 'app' });
    expect(await sites.resolve('go.example.com')).toEqual({ kind: 'custom', domain: go });
    expect(await sites.resolve('nope.example.com')).toEqual({ kind: 'unknown' });
    expect(sites.resolve('go.example.com')).toEqual({ kind: 'custom', domain: go }); // synchronous now
    expect(sites.resolve('nope.example.com')).toEqual({ kind: 'unknown' });
    expect(sites.resolve('go.example.com.')).toEqual({ kind: 'custom', domain: go });
    expect(sites.resolve('bad host!')).toEqual({ kind: 'unknown' });
    expect(asked).toEqual(['go.example.com', 'nope.example.com']);
  });

  test('an invalidated host is read again alone; others stay cached; entries expire after the TTL', async () => {
    const rows = new Map([['go.example.com', go]]);
    const { sites, asked } = directory(rows);
    await sites.resolve('go.example.com');
    await sites.resolve('new.example.com');
    rows.set('new.example.com', { ...go, id: 8, hostname: 'new.example.com' });
    rows.delete('go.example.com');
    sites.invalidate(domainHostKey('NEW.example.com'));
    expect(await sites.resolve('new.example.com')).toMatchObject({ kind: 'custom', domain: { id: 8 } });
    expect(sites.resolve('go.example.com')).toMatchObject({ kind: 'custom' }); // not invalidated
    expect(await sites.resolve('go.example.com', Date.now() + 61_000)).toEqual({ kind: 'unknown' });
    sites.invalidate(ALL_KEYS);
    expect(sites.size).toBe(0);
    expect(asked).toEqual(['go.example.com', 'new.example.com', 'new.example.com', 'go.example.com']);
  });

  test('concurrent misses share one query; a load that raced an invalidation is not kept', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let calls = 0;
    const sites = new SiteDirectory({ appHosts: new Set(), load: async () => (calls++, await gate, go) });
    const a = sites.resolve('go.example.com');
    const b = sites.resolve('go.example.com');
    sites.invalidate(domainHostKey('go.example.com'));
    release();
    expect(await a).toMatchObject({ kind: 'custom' });
    expect(await b).toMatchObject({ kind: 'custom' });
    expect(calls).toBe(1);
    expect(sites.size).toBe(0);
  });
});

test('a failed certificate order waits 10 minutes, then twice as long each time, at most a day (CA rate limits)', () => {
  expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([600_000, 1_200_000, 2_400_000, 4_800_000]);
  expect(retryDelayMs(20)).toBe(24 * 3600_000);
});
