// The pure steps of privacy modes (lib/analytics/privacy-mode.ts, apply-privacy.ts): anonymising,
// defaults, the daily salt, ranges; and the filter over a real enrichment.
import { describe, expect, test } from 'vitest';
import { createClickEnricher } from '../../lib/analytics/enrich-click';
import { openGeoIp } from '../../lib/analytics/geoip';
import { anonymizeIp, dailySalt, DEFAULT_PRIVACY, instancePrivacy, normalizeRange, privacySettings, rangeMatcher } from '../../lib/analytics/privacy-mode';
import { parseEnv } from '../../lib/config/env';
import { AGENTS } from '../helpers/agents';

describe('anonymizeIp', () => {
  test('IPv4 keeps its /24, IPv6 its /48; an IPv4-mapped address is its IPv4; anything else is null', () => {
    expect(anonymizeIp('203.0.113.57')).toBe('203.0.113.0');
    expect(anonymizeIp('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::');
    expect(anonymizeIp('2001:0db8:0000::1')).toBe('2001:db8::');
    expect(anonymizeIp('::1')).toBe('::');
    expect(anonymizeIp('::ffff:81.2.69.160')).toBe('81.2.69.0');
    expect(anonymizeIp('not-an-ip')).toBeNull();
  });
});

describe('defaults', () => {
  test("nothing set is today's behaviour: no IP, agents and referrers kept, DNT/GPC honoured", () => {
    expect(instancePrivacy(parseEnv({}))).toEqual(DEFAULT_PRIVACY);
    expect(DEFAULT_PRIVACY).toEqual({ ip: 'none', userAgent: true, referrer: true, honorOptOut: true });
  });
  test('STORE_IP is the older spelling of PRIVACY_IP, which wins when both are set', () => {
    expect(instancePrivacy(parseEnv({ STORE_IP: 'true' })).ip).toBe('full');
    expect(instancePrivacy(parseEnv({ STORE_IP: 'true', PRIVACY_IP: 'anonymized' })).ip).toBe('anonymized');
    expect(instancePrivacy(parseEnv({ PRIVACY_IP: 'none', PRIVACY_USER_AGENT: 'false', PRIVACY_REFERRER: 'false', PRIVACY_HONOR_OPT_OUT: 'false' }))).toEqual({
      ip: 'none',
      userAgent: false,
      referrer: false,
      honorOptOut: false,
    });
    expect(() => parseEnv({ PRIVACY_IP: 'partial' })).toThrow(/PRIVACY_IP.*full, anonymized or none/);
  });
  test("a workspace's choice wins over the instance's; null follows it", () => {
    const defaults = { ip: 'full', userAgent: true, referrer: false, honorOptOut: true } as const;
    const merged = privacySettings(
      { privacy_ip: 'anonymized', privacy_user_agent: null, privacy_referrer: true, privacy_honor_opt_out: false, privacy_excluded_ranges: ['10.0.0.0/8'] },
      defaults,
    );
    expect(merged).toMatchObject({ ip: 'anonymized', userAgent: true, referrer: true, honorOptOut: false, excluded: ['10.0.0.0/8'] });
    expect(privacySettings(undefined, defaults)).toMatchObject({ ...defaults, excluded: [] });
    expect(privacySettings(undefined, defaults).key).not.toBe(merged.key);
  });
});

describe('daily salt', () => {
  test('the same all day (UTC), different the next day and under another secret', () => {
    const morning = Date.UTC(2026, 10, 29, 0, 0, 1);
    const night = Date.UTC(2026, 10, 29, 23, 59, 59);
    expect(dailySalt('s', morning)).toBe(dailySalt('s', night));
    expect(dailySalt('s', night + 2_000)).not.toBe(dailySalt('s', night));
    expect(dailySalt('t', morning)).not.toBe(dailySalt('s', morning));
  });
});

describe('ranges', () => {
  test('normalised: host bits cleared, a bare address is its /32 or /128, IPv6 in its short form; junk is null', () => {
    expect(normalizeRange(' 10.1.2.3/24 ')).toBe('10.1.2.0/24');
    expect(normalizeRange('198.51.100.7')).toBe('198.51.100.7/32');
    expect(normalizeRange('0.0.0.0/0')).toBe('0.0.0.0/0');
    expect(normalizeRange('2001:DB8:0:0:1::/32')).toBe('2001:db8::/32');
    expect(normalizeRange('2001:db8:85a3::8a2e:370:7334/64')).toBe('2001:db8:85a3::/64');
    expect(normalizeRange('::1')).toBe('::1/128');
    for (const bad of ['10.0.0.0/33', '10.0.0/8', 'fd00::/129', 'office', '10.0.0.0/8/8', '10.0.0.0/x', '']) expect(normalizeRange(bad)).toBeNull();
  });
  test('membership for IPv4, IPv6 and IPv4-mapped addresses', () => {
    const inOffice = rangeMatcher(['203.0.113.0/24', '2001:db8:1::/48']);
    expect(inOffice('203.0.113.200')).toBe(true);
    expect(inOffice('::ffff:203.0.113.9')).toBe(true);
    expect(inOffice('203.0.114.1')).toBe(false);
    expect(inOffice('2001:db8:1:ffff::5')).toBe(true);
    expect(inOffice('2001:db8:2::5')).toBe(false);
    expect(inOffice('garbage')).toBe(false);
    expect(rangeMatcher([])('203.0.113.200')).toBe(false);
  });
});

describe('the filter over enriched clicks', () => {
  const enrich = createClickEnricher({ secret: 'privacy-unit', geo: openGeoIp(), privacy: DEFAULT_PRIVACY });
  const at = Date.UTC(2026, 10, 29, 12);
  const click = (extra = {}) => enrich({ linkId: 1, at, ip: '81.2.69.160', userAgent: AGENTS.chrome, referrer: 'https://news.example/item', ...extra });
  const settings = (over: Partial<Parameters<typeof privacySettings>[0]> = {}) =>
    privacySettings(
      { privacy_ip: 'full', privacy_user_agent: true, privacy_referrer: true, privacy_honor_opt_out: true, privacy_excluded_ranges: [], ...over },
      DEFAULT_PRIVACY,
    );

  test('full keeps everything and the everyday visitor key; other modes salt the key by the day', () => {
    const full = enrich.protect(click(), settings())!;
    expect(full).toMatchObject({ ip: '81.2.69.160', userAgent: AGENTS.chrome, referrerHost: 'news.example', privacy: 'full', visitor: click().visitor });
    const anon = enrich.protect(click(), settings({ privacy_ip: 'anonymized' }))!;
    expect(anon).toMatchObject({ ip: '81.2.69.0', privacy: 'anonymized', country: 'GB' });
    expect(anon.visitor).not.toBe(full.visitor);
    const none = enrich.protect(click(), settings({ privacy_ip: 'none' }))!;
    expect(none).toMatchObject({ ip: null, privacy: 'none', visitor: anon.visitor });
    const tomorrow = enrich.protect(click({ at: at + 86_400_000 }), settings({ privacy_ip: 'none' }))!;
    expect(tomorrow.visitor).not.toBe(none.visitor);
    expect(enrich.protect(click({ at: at + 86_400_000 }), settings())!.visitor).toBe(full.visitor);
  });
  test('agent and referrer off; an honoured opt-out keeps the country and the device only', () => {
    expect(enrich.protect(click(), settings({ privacy_user_agent: false }))).toMatchObject({ userAgent: undefined, browser: 'Chrome', os: 'Windows' });
    expect(enrich.protect(click(), settings({ privacy_referrer: false }))).toMatchObject({ referrer: undefined, referrerHost: null });
    const out = enrich.protect(click({ optOut: true }), settings())!;
    expect(out).toMatchObject({ privacy: 'opt_out', ip: null, userAgent: undefined, referrer: undefined, referrerHost: null, region: null, city: null });
    expect(out).toMatchObject({ browser: null, os: null, country: 'GB', device: 'desktop' });
    expect(enrich.protect(click({ optOut: true }), settings({ privacy_honor_opt_out: false }))).toMatchObject({ privacy: 'full', ip: '81.2.69.160' });
  });
  test('an excluded address is dropped; the protected profile is one object per visitor and choice', () => {
    expect(enrich.protect(click(), settings({ privacy_excluded_ranges: ['81.2.69.0/24'] }))).toBeNull();
    const a = enrich.protect(click(), settings({ privacy_ip: 'anonymized' }))!;
    const b = enrich.protect(click({ at: at + 1 }), settings({ privacy_ip: 'anonymized' }))!;
    expect(b.profile).toBe(a.profile);
    expect(enrich.protect(click(), settings({ privacy_ip: 'none' }))!.profile).not.toBe(a.profile);
  });
});
