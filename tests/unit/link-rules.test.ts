// Link routing rules: the schema, Accept-Language, every condition type (and `not`), first-match
// order, and that matching works out only the facts a link's conditions need: a rule list on the
// query string alone never parses the agent nor looks the address up. What was worked out is counted
// through the visit's own getters (each fact reads its header once), not by mocking a module: the unit
// files share their workers' modules (vitest.config.ts), so a module mock did not reach a
// match-rules.ts another file had loaded first, and the count failed or passed by file order.
import { describe, expect, it } from 'vitest';
import type { Geo, GeoIp } from '../../lib/analytics/geoip';
import { preferredLanguage } from '../../lib/edge/rules/accept-language';
import { compileRules } from '../../lib/edge/rules/compile-rules';
import { matchRule, type Visit } from '../../lib/edge/rules/match-rules';
import { MAX_RULES, ZRules } from '../../lib/link-rules/rule-schema';
import { AGENTS } from '../helpers/agents';

const UA = {
  ...AGENTS,
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36',
  androidWebView:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.122 Mobile Safari/537.36',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  windowsEdge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
};

const UNKNOWN: Geo = { country: null, region: null, city: null };
const PLACES: Record<string, Geo> = {
  '203.0.113.5': { country: 'US', region: 'California', city: 'San Francisco' },
  '2001:db8::5': { country: 'DE', region: 'Bayern', city: 'München' },
};

/** A GeoIp over PLACES that counts its lookups. */
function fakeGeo(): GeoIp & { lookups: number } {
  return {
    lookups: 0,
    lookup(ip) {
      this.lookups++;
      return PLACES[ip] ?? UNKNOWN;
    },
    loadFor: async () => {},
    loaded: () => true,
  };
}

const VISIT: Visit = { ip: '203.0.113.5', userAgent: AGENTS.chrome, acceptLanguage: undefined, query: '', now: Date.UTC(2027, 0, 4, 12) };

/** Rules as the API takes them (parsed, so defaults apply), compiled; ids assigned as on save. */
function compile(rules: unknown[]) {
  return compileRules(ZRules.parse(rules).map((r, i) => ({ ...r, id: r.id ?? `r${i}` })));
}

/** Whether one rule with these conditions takes the visit. */
function holds(conditions: unknown[], visit: Partial<Visit> = {}, geo: GeoIp | null = fakeGeo()): boolean {
  return matchRule(compile([{ conditions, url: 'https://example.com/rule' }]), { ...VISIT, ...visit }, geo ?? undefined) === 0;
}

/** `holds` for a condition and for its `not`, which must disagree. */
function holdsBothWays(condition: Record<string, unknown>, visit: Partial<Visit> = {}, geo?: GeoIp): boolean {
  const plain = holds([condition], visit, geo ?? fakeGeo());
  expect(holds([{ ...condition, not: true }], visit, geo ?? fakeGeo())).toBe(!plain);
  return plain;
}

const at = (iso: string) => Date.parse(iso);

describe('schema', () => {
  it('takes every condition type and normalises values', () => {
    const rules = ZRules.parse([
      {
        id: 'eu-mobile',
        name: 'EU phones',
        url: 'https://example.com/eu',
        conditions: [
          { type: 'country', values: ['de', 'FR'] },
          { type: 'region', values: ['  Bayern '] },
          { type: 'city', values: ['München'] },
          { type: 'device', values: ['mobile', 'tablet'] },
          { type: 'os', values: ['iOS'] },
          { type: 'browser', values: ['Safari'], not: true },
          { type: 'language', values: ['pt-BR', 'EN'] },
          { type: 'query', key: 'utm_source', value: 'news' },
          { type: 'ip', values: ['203.0.113.0/24', '2001:db8::/32'] },
          { type: 'time', days: ['sat', 'sun'], from: '22:00', to: '06:00', timezone: 'Europe/Berlin' },
        ],
      },
      { url: 'https://example.com/bots', conditions: [{ type: 'bot' }, { type: 'time', after: '2027-01-31T10:00:00+02:00' }] },
    ]);
    const c = rules[0].conditions;
    expect(c[0]).toEqual({ type: 'country', values: ['DE', 'FR'] });
    expect(c[1]).toEqual({ type: 'region', values: ['Bayern'] });
    expect(c[6]).toEqual({ type: 'language', values: ['pt-br', 'en'] });
    expect(c[7]).toEqual({ type: 'query', key: 'utm_source', op: 'equals', value: 'news' });
    expect(rules[1].conditions[1]).toMatchObject({ timezone: 'UTC' });
  });

  it('refuses bad values, each with its message', () => {
    const problem = (condition: unknown) => {
      const r = ZRules.safeParse([{ url: 'https://example.com', conditions: [condition] }]);
      return r.success ? undefined : r.error.issues[0].message;
    };
    expect(problem({ type: 'country', values: ['USA'] })).toMatch(/two-letter ISO 3166/);
    expect(problem({ type: 'country', values: [] })).toBe('values must hold at least one country.');
    expect(problem({ type: 'city', values: ['   '] })).toMatch(/must not be empty/);
    expect(problem({ type: 'query', key: 'ref' })).toBe('op "equals" needs a value');
    expect(problem({ type: 'query', key: 'ref', op: 'present' })).toBeUndefined();
    expect(problem({ type: 'time', days: ['mon'], timezone: 'Mars/Olympus_Mons' })).toMatch(/IANA time zone/);
    expect(problem({ type: 'time', from: '09:00' })).toBe('from and to go together');
    expect(problem({ type: 'time', from: '24:00', to: '06:00' })).toMatch(/HH:MM/);
    expect(problem({ type: 'time', timezone: 'UTC' })).toMatch(/needs after, before, days or from/);
    expect(problem({ type: 'time', after: '2027-02-01T00:00:00Z', before: '2027-01-01T00:00:00Z' })).toBe('after must be earlier than before');
    expect(problem({ type: 'device', values: ['phone'] })).toMatch(/a device is one of/);
    expect(problem({ type: 'weather', values: ['rain'] })).toMatch(/type is one of/);
    expect(problem({ type: 'bot', extra: 1 })).toBeDefined();
    const many = Array.from({ length: MAX_RULES + 1 }, () => ({ url: 'https://example.com', conditions: [{ type: 'bot' }] }));
    expect(ZRules.safeParse(many).error?.issues[0].message).toBe(`a link has at most ${MAX_RULES} rules`);
    expect(ZRules.safeParse(many.slice(1)).success).toBe(true);
    const twice = [{ id: 'a', url: 'https://example.com', conditions: [{ type: 'bot' }] }];
    expect(ZRules.safeParse([...twice, ...twice]).error?.issues[0].message).toBe('rule ids must differ');
  });

  it('refuses what is not an address or range, at its path', () => {
    const ip = (values: string[]) => ({ type: 'ip' as const, values });
    const ok = [ip(['198.51.100.7', '::ffff:203.0.113.0/120', ' 203.0.113.0/24', '2001:db8::/32', '10.0.0.0/8'])];
    expect(ZRules.safeParse([{ url: 'https://example.com', conditions: ok }]).success).toBe(true);
    for (const bad of ['2001:db8::/129', '203.0.113.0/', '203.0.113.0/x', '203.0.113.0/-1', '1.2.3', '203.0.113.0/24/8', 'example.com', '', '10.0.0.0/33']) {
      const parsed = ZRules.safeParse([{ url: 'https://example.com', conditions: [{ type: 'bot' }, ip(['10.0.0.1', bad])] }]);
      expect(parsed.error?.issues[0].path, bad).toEqual([0, 'conditions', 1, 'values', 1]);
    }
  });
});

describe('Accept-Language', () => {
  it('takes the highest q-value, lower-cased; ties keep the header order', () => {
    expect(preferredLanguage('fr;q=0.5, en-US;q=0.9')).toBe('en-us');
    expect(preferredLanguage('en-US,en;q=0.9,de;q=0.8')).toBe('en-us');
    expect(preferredLanguage('fr, en')).toBe('fr');
    expect(preferredLanguage('de;q=0.8, EN-GB;q=0.8')).toBe('de');
    expect(preferredLanguage('de;q=0.7, pt-BR;Q = 0.75')).toBe('pt-br');
    expect(preferredLanguage('en_US')).toBe('en-us');
  });
  it('skips q=0, *, and malformed entries; no header, no language', () => {
    expect(preferredLanguage('de;q=0, fr;q=0.1')).toBe('fr');
    expect(preferredLanguage('de;q=0.000')).toBeNull();
    expect(preferredLanguage('*')).toBeNull();
    expect(preferredLanguage('*, de;q=0.5')).toBe('de');
    expect(preferredLanguage('en;q=2, fr;q=0.3')).toBe('fr');
    expect(preferredLanguage('en;q=abc, en;level=1, !!, fr-;q=0.5, de;q=0.4')).toBe('de');
    expect(preferredLanguage(';q=1, ,, es')).toBe('es');
    expect(preferredLanguage(undefined)).toBeNull();
    expect(preferredLanguage('')).toBeNull();
  });
  it('reads at most 20 entries of a hostile header, and skips an overlong entry unread', () => {
    expect(preferredLanguage(`${'x;q=9,'.repeat(19)}en`)).toBe('en');
    expect(preferredLanguage(`${'x;q=9,'.repeat(20)}en`)).toBeNull();
    expect(preferredLanguage(`${','.repeat(8000)}en`)).toBeNull();
    expect(preferredLanguage(`${'a'.repeat(8000)}, de`)).toBe('de');
    expect(preferredLanguage(`en-${'a1234567-'.repeat(10)}b`)).toBeNull();
  });
  it('a language condition holds when the preferred language matches: en any region, pt-br only itself', () => {
    const lang = (values: string[], acceptLanguage: string | undefined) => holdsBothWays({ type: 'language', values }, { acceptLanguage });
    expect(lang(['en'], 'en-US,en;q=0.9')).toBe(true);
    expect(lang(['en'], 'en-gb')).toBe(true);
    expect(lang(['en'], 'EN')).toBe(true);
    expect(lang(['en'], 'de, en;q=0.9')).toBe(false); // en is acceptable but not preferred
    expect(lang(['pt-BR'], 'pt-br')).toBe(true);
    expect(lang(['pt-BR'], 'pt-PT')).toBe(false);
    expect(lang(['pt-BR'], 'pt')).toBe(false);
    expect(lang(['pt'], 'pt-PT')).toBe(true);
    expect(lang(['fr', 'de'], 'fr;q=0.5, en-US;q=0.9')).toBe(false);
    expect(lang(['en'], undefined)).toBe(false);
  });
});

describe('conditions', () => {
  it('country, region and city come from GeoIP, case-insensitively; an unknown place or no GeoIP does not hold', () => {
    expect(holdsBothWays({ type: 'country', values: ['us', 'ca'] })).toBe(true);
    expect(holdsBothWays({ type: 'country', values: ['DE'] })).toBe(false);
    expect(holdsBothWays({ type: 'country', values: ['DE'] }, { ip: '2001:db8::5' })).toBe(true);
    expect(holdsBothWays({ type: 'region', values: ['CALIFORNIA'] })).toBe(true);
    expect(holdsBothWays({ type: 'region', values: ['bayern'] }, { ip: '2001:db8::5' })).toBe(true);
    expect(holdsBothWays({ type: 'city', values: ['san francisco'] })).toBe(true);
    expect(holdsBothWays({ type: 'city', values: ['MÜNCHEN'] }, { ip: '2001:db8::5' })).toBe(true);
    expect(holdsBothWays({ type: 'city', values: ['Munchen'] }, { ip: '2001:db8::5' })).toBe(false);
    expect(holdsBothWays({ type: 'country', values: ['US'] }, { ip: '192.0.2.1' })).toBe(false);
    const noGeo = { lookup: () => UNKNOWN, loadFor: async () => {}, loaded: () => true };
    expect(holds([{ type: 'country', values: ['US'] }], {}, null)).toBe(false);
    expect(holds([{ type: 'country', values: ['US'], not: true }], {}, null)).toBe(true);
    expect(holds([{ type: 'region', values: ['California'], not: true }], {}, noGeo)).toBe(true);
  });

  it('device, os and browser read the user agent, with aliases for what people type', () => {
    const agent = (type: string, values: string[], userAgent: string | undefined) => holdsBothWays({ type, values }, { userAgent });
    expect(agent('device', ['mobile'], UA.iphone)).toBe(true);
    expect(agent('device', ['tablet'], UA.ipad)).toBe(true);
    expect(agent('device', ['mobile'], UA.ipad)).toBe(false);
    expect(agent('device', ['desktop'], UA.macSafari)).toBe(true);
    expect(agent('device', ['desktop'], undefined)).toBe(true);

    for (const macos of ['macos', 'macOS', 'Mac OS', 'os x', 'Mac OS X']) expect(agent('os', [macos], UA.macSafari), macos).toBe(true);
    expect(agent('os', ['macos'], UA.iphone)).toBe(false);
    expect(agent('os', ['ios'], UA.iphone)).toBe(true);
    expect(agent('os', ['IOS'], UA.ipad)).toBe(true);
    expect(agent('os', ['android'], UA.androidChrome)).toBe(true);
    expect(agent('os', ['Windows', 'Linux'], UA.windowsEdge)).toBe(true);
    expect(agent('os', ['windows'], UA.googlebot)).toBe(false);

    expect(agent('browser', ['chrome'], UA.chrome)).toBe(true);
    expect(agent('browser', ['chrome'], UA.androidChrome)).toBe(true);
    expect(agent('browser', ['chrome'], UA.androidWebView)).toBe(true);
    expect(agent('browser', ['chrome'], UA.windowsEdge)).toBe(false);
    expect(agent('browser', ['edge'], UA.windowsEdge)).toBe(true);
    expect(agent('browser', ['Microsoft Edge'], UA.windowsEdge)).toBe(true);
    expect(agent('browser', ['safari'], UA.iphone)).toBe(true);
    expect(agent('browser', ['Safari'], UA.macSafari)).toBe(true);
    expect(agent('browser', ['mobile safari'], UA.iphone)).toBe(true);
    expect(agent('browser', ['mobile safari'], UA.macSafari)).toBe(false);
    expect(agent('browser', ['firefox'], UA.iphone)).toBe(false);
    expect(agent('browser', ['chrome'], UA.slackbot)).toBe(false);
  });

  it('bot holds for crawlers and link unfurlers, not for people or a missing agent', () => {
    expect(holdsBothWays({ type: 'bot' }, { userAgent: UA.googlebot })).toBe(true);
    expect(holdsBothWays({ type: 'bot' }, { userAgent: UA.slackbot })).toBe(true);
    expect(holdsBothWays({ type: 'bot' }, { userAgent: UA.iphone })).toBe(false);
    expect(holdsBothWays({ type: 'bot' }, { userAgent: undefined })).toBe(false);
    expect(holds([{ type: 'device', values: ['desktop'] }, { type: 'bot' }], { userAgent: UA.googlebot })).toBe(true);
  });

  it('query: equals any decoded occurrence, present, absent', () => {
    const query = 'utm_source=news%20letter&x=1&x=2&flag&a+b=c%2Bd&empty=';
    const q = (c: Record<string, unknown>) => holdsBothWays({ type: 'query', ...c }, { query });
    expect(q({ key: 'utm_source', value: 'news letter' })).toBe(true);
    expect(q({ key: 'utm_source', value: 'News letter' })).toBe(false);
    expect(q({ key: 'x', value: '2' })).toBe(true);
    expect(q({ key: 'x', value: '3' })).toBe(false);
    expect(q({ key: 'a b', value: 'c+d' })).toBe(true);
    expect(q({ key: 'empty', value: '' })).toBe(true);
    expect(q({ key: 'flag', value: '' })).toBe(true);
    expect(q({ key: 'flag', op: 'present' })).toBe(true);
    expect(q({ key: 'missing', op: 'present' })).toBe(false);
    expect(q({ key: 'missing', op: 'absent' })).toBe(true);
    expect(q({ key: 'x', op: 'absent' })).toBe(false);
    expect(holdsBothWays({ type: 'query', key: 'x', op: 'absent' }, { query: '' })).toBe(true);
  });

  it('ip: addresses and CIDR ranges, IPv4 and IPv6, IPv4-mapped IPv6 as IPv4', () => {
    const ip = (values: string[], visitor: string) => holdsBothWays({ type: 'ip', values }, { ip: visitor });
    expect(ip(['203.0.113.0/24'], '203.0.113.200')).toBe(true);
    expect(ip(['203.0.113.0/24'], '203.0.114.1')).toBe(false);
    expect(ip(['203.0.113.7/24'], '203.0.113.1')).toBe(true); // host bits of a range are ignored
    expect(ip(['198.51.100.7'], '198.51.100.7')).toBe(true);
    expect(ip(['198.51.100.7'], '198.51.100.8')).toBe(false);
    expect(ip(['0.0.0.0/0'], '8.8.8.8')).toBe(true);
    expect(ip(['2001:db8::/32'], '2001:db8:1::1')).toBe(true);
    expect(ip(['2001:db8::/32'], '2001:db9::1')).toBe(false);
    expect(ip(['2001:DB8::1'], '2001:db8:0:0:0:0:0:1')).toBe(true);
    expect(ip(['203.0.113.0/24'], '::ffff:203.0.113.5')).toBe(true);
    expect(ip(['203.0.113.0/24'], '::FFFF:203.0.113.5')).toBe(true);
    expect(ip(['::ffff:198.51.100.7'], '198.51.100.7')).toBe(true);
    expect(ip(['::ffff:203.0.113.0/120'], '203.0.113.9')).toBe(true);
    expect(ip(['::ffff:203.0.113.0/120'], '203.0.114.9')).toBe(false);
    expect(ip(['203.0.113.0/24'], '2001:db8::5')).toBe(false);
    expect(ip(['203.0.113.0/24', '2001:db8::/32'], '2001:db8::5')).toBe(true);
    expect(ip(['0.0.0.0/0', '::/0'], 'unknown')).toBe(false);
    expect(ip(['0.0.0.0/0'], '')).toBe(false);
  });
});

describe('time', () => {
  const time = (c: Record<string, unknown>, iso: string) => holdsBothWays({ type: 'time', ...c }, { now: at(iso) });

  it('after holds from its instant on, before until its instant', () => {
    expect(time({ after: '2027-01-31T10:00:00Z' }, '2027-01-31T09:59:59.999Z')).toBe(false);
    expect(time({ after: '2027-01-31T10:00:00Z' }, '2027-01-31T10:00:00Z')).toBe(true);
    expect(time({ before: '2027-01-31T10:00:00Z' }, '2027-01-31T09:59:59.999Z')).toBe(true);
    expect(time({ before: '2027-01-31T10:00:00Z' }, '2027-01-31T10:00:00Z')).toBe(false);
    expect(time({ after: '2027-01-31T12:00:00+02:00' }, '2027-01-31T10:00:00Z')).toBe(true);
    const both = { after: '2027-01-01T00:00:00Z', before: '2027-02-01T00:00:00Z' };
    expect(time(both, '2026-12-31T23:59:59Z')).toBe(false);
    expect(time(both, '2027-01-15T00:00:00Z')).toBe(true);
    expect(time(both, '2027-02-01T00:00:00Z')).toBe(false);
  });

  it('from–to is local clock time, to excluded; a window may cross midnight; from = to is the whole day', () => {
    const office = { from: '09:00', to: '17:00' };
    expect(time(office, '2027-01-04T08:59:00Z')).toBe(false);
    expect(time(office, '2027-01-04T09:00:00Z')).toBe(true);
    expect(time(office, '2027-01-04T16:59:59Z')).toBe(true);
    expect(time(office, '2027-01-04T17:00:00Z')).toBe(false);
    const night = { from: '22:00', to: '06:00' };
    expect(time(night, '2027-01-04T21:59:00Z')).toBe(false);
    expect(time(night, '2027-01-04T22:00:00Z')).toBe(true);
    expect(time(night, '2027-01-04T23:59:00Z')).toBe(true);
    expect(time(night, '2027-01-05T00:00:00Z')).toBe(true);
    expect(time(night, '2027-01-05T05:59:00Z')).toBe(true);
    expect(time(night, '2027-01-05T06:00:00Z')).toBe(false);
    expect(time(night, '2027-01-05T12:00:00Z')).toBe(false);
    expect(time({ from: '00:00', to: '00:00' }, '2027-01-05T12:34:00Z')).toBe(true);
    expect(time({ from: '12:00', to: '12:00' }, '2027-01-05T11:59:00Z')).toBe(true);
  });

  it('days are the weekday in the time zone, not in UTC; a night counts for the day it began', () => {
    // 2026-03-09T02:00Z: Monday in UTC, Sunday 22:00 in New York, Monday 11:00 in Tokyo.
    expect(time({ days: ['mon'] }, '2026-03-09T02:00:00Z')).toBe(true);
    expect(time({ days: ['mon'], timezone: 'America/New_York' }, '2026-03-09T02:00:00Z')).toBe(false);
    expect(time({ days: ['sun'], timezone: 'America/New_York' }, '2026-03-09T02:00:00Z')).toBe(true);
    expect(time({ days: ['mon'], timezone: 'Asia/Tokyo' }, '2026-03-08T20:00:00Z')).toBe(true); // Sunday in UTC
    expect(time({ days: ['sat', 'sun'], timezone: 'Asia/Tokyo' }, '2026-03-08T20:00:00Z')).toBe(false);
    // Friday night 22:00–06:00 in Paris (UTC+1 in January): 2027-01-08 is a Friday.
    const fridayNight = { days: ['fri'], from: '22:00', to: '06:00', timezone: 'Europe/Paris' };
    expect(time(fridayNight, '2027-01-08T21:00:00Z')).toBe(true); // Fri 22:00
    expect(time(fridayNight, '2027-01-09T01:00:00Z')).toBe(true); // Sat 02:00, the night began Friday
    expect(time(fridayNight, '2027-01-09T05:00:00Z')).toBe(false); // Sat 06:00
    expect(time(fridayNight, '2027-01-08T01:00:00Z')).toBe(false); // Fri 02:00, the night began Thursday
    expect(time(fridayNight, '2027-01-09T21:00:00Z')).toBe(false); // Sat 22:00
    expect(time({ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '09:00', to: '17:00' }, '2027-01-09T10:00:00Z')).toBe(false); // Saturday
  });

  it('follows daylight saving time (America/New_York, 2026-03-08 and 2026-11-01)', () => {
    const office = { days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '09:00', to: '17:00', timezone: 'America/New_York' };
    expect(time(office, '2026-03-06T14:00:00Z')).toBe(true); // Fri 09:00 EST
    expect(time(office, '2026-03-06T13:59:00Z')).toBe(false); // Fri 08:59 EST
    expect(time(office, '2026-03-09T13:00:00Z')).toBe(true); // Mon 09:00 EDT
    expect(time(office, '2026-03-09T12:59:00Z')).toBe(false); // Mon 08:59 EDT
    expect(time(office, '2026-03-09T13:30:00Z')).toBe(true); // 09:30 EDT (08:30 at the winter offset)
    expect(time(office, '2026-03-13T20:59:00Z')).toBe(true); // Fri 16:59 EDT
    expect(time(office, '2026-03-13T21:00:00Z')).toBe(false); // Fri 17:00 EDT
    // 02:00–03:00 does not happen on 2026-03-08: 01:59 EST is followed by 03:00 EDT.
    const skipped = { from: '02:00', to: '03:00', timezone: 'America/New_York' };
    expect(time(skipped, '2026-03-08T06:59:00Z')).toBe(false);
    expect(time(skipped, '2026-03-08T07:00:00Z')).toBe(false);
    // 01:00–02:00 happens twice on 2026-11-01 (EDT, then EST).
    const repeated = { from: '01:00', to: '02:00', timezone: 'America/New_York' };
    expect(time(repeated, '2026-11-01T05:30:00Z')).toBe(true);
    expect(time(repeated, '2026-11-01T06:30:00Z')).toBe(true);
    expect(time(repeated, '2026-11-01T07:30:00Z')).toBe(false);
  });

  it('all parts must hold: a window within a date range', () => {
    const c = { after: '2027-01-04T00:00:00Z', before: '2027-01-06T00:00:00Z', from: '09:00', to: '17:00' };
    expect(time(c, '2027-01-04T10:00:00Z')).toBe(true);
    expect(time(c, '2027-01-04T18:00:00Z')).toBe(false);
    expect(time(c, '2027-01-06T10:00:00Z')).toBe(false);
  });
});

describe('matching', () => {
  const url = (n: number) => `https://example.com/${n}`;

  it('the first rule whose conditions all hold wins; none, -1', () => {
    const compiled = compile([
      {
        conditions: [
          { type: 'country', values: ['US'] },
          { type: 'device', values: ['mobile'] },
        ],
        url: url(0),
      },
      { conditions: [{ type: 'country', values: ['US'] }], url: url(1) },
      { conditions: [{ type: 'bot', not: true }], url: url(2) },
    ]);
    expect(compiled.rules.map((r) => r.id)).toHaveLength(3);
    expect(matchRule(compiled, { ...VISIT, userAgent: UA.iphone }, fakeGeo())).toBe(0);
    expect(matchRule(compiled, { ...VISIT, userAgent: UA.chrome }, fakeGeo())).toBe(1);
    expect(matchRule(compiled, { ...VISIT, ip: '192.0.2.1' }, fakeGeo())).toBe(2);
    expect(matchRule(compiled, { ...VISIT, ip: '192.0.2.1', userAgent: UA.googlebot }, fakeGeo())).toBe(-1);
    expect(matchRule(compile([]), VISIT, fakeGeo())).toBe(-1);
  });

  it('compiled.geo is true only when a condition is on country, region or city', () => {
    expect(compile([{ conditions: [{ type: 'device', values: ['mobile'] }], url: url(0) }]).geo).toBe(false);
    for (const type of ['country', 'region', 'city']) {
      const values = type === 'country' ? ['US'] : ['x'];
      expect(
        compile([
          { conditions: [{ type: 'bot' }], url: url(0) },
          { conditions: [{ type, values, not: true }], url: url(1) },
        ]).geo,
      ).toBe(true);
    }
  });

  it('a rule list on the query string alone never parses the agent nor looks the address up', () => {
    const compiled = compile([
      { conditions: [{ type: 'query', key: 'ref', value: 'a' }], url: url(0) },
      { conditions: [{ type: 'query', key: 'ref', op: 'present' }], url: url(1) },
    ]);
    const geo = fakeGeo();
    const reads = { userAgent: 0, acceptLanguage: 0, query: 0 };
    const visit = {
      ip: '203.0.113.5',
      now: VISIT.now,
      get userAgent() {
        reads.userAgent++;
        return UA.iphone;
      },
      get acceptLanguage() {
        reads.acceptLanguage++;
        return 'en';
      },
      get query() {
        reads.query++;
        return 'ref=b';
      },
    };
    expect(matchRule(compiled, visit, geo)).toBe(1);
    expect(geo.lookups).toBe(0);
    expect(reads).toEqual({ userAgent: 0, acceptLanguage: 0, query: 1 });
  });

  it('each fact is worked out at most once a visit, however many conditions ask', () => {
    const conditions = [
      { type: 'country', values: ['FR'] },
      { type: 'device', values: ['mobile', 'desktop'] },
      { type: 'language', values: ['en'] },
    ];
    const compiled = compile([
      ...Array.from({ length: 9 }, () => ({ conditions: [...conditions.slice(1), conditions[0]], url: url(0) })),
      {
        conditions: [
          { type: 'country', values: ['US'] },
          { type: 'os', values: ['windows'] },
          { type: 'bot', not: true },
        ],
        url: url(9),
      },
    ]);
    const geo = fakeGeo();
    let languageReads = 0;
    // The agent is parsed from one read of the header; the bot check then takes the parsed agent's.
    let agentReads = 0;
    const visit = {
      ...VISIT,
      get userAgent() {
        agentReads++;
        return VISIT.userAgent;
      },
      get acceptLanguage() {
        languageReads++;
        return 'en-US,en;q=0.9';
      },
    };
    expect(matchRule(compiled, visit, geo)).toBe(9);
    expect(geo.lookups).toBe(1);
    expect(agentReads).toBe(1);
    expect(languageReads).toBe(1);
  });
});
