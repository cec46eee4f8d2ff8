// Enrichment with real addresses (the bundled DB-IP database) and real user agents.
import { describe, expect, test } from 'vitest';
import { createClickEnricher } from '../../lib/analytics/enrich-click';
import { openGeoIp } from '../../lib/analytics/geoip';
import { parseAgent } from '../../lib/analytics/parse-agent';
import { AGENTS } from '../helpers/agents';

const geo = openGeoIp();
const enrich = createClickEnricher({ secret: 'unit-test-secret', geo, storeIp: false });
const click = (ip: string, userAgent: string | undefined, extra = {}) => enrich({ linkId: 1, at: 0, referrer: undefined, userAgent, ip, ...extra });

describe('GeoIP', () => {
  test('8.8.8.8 is in the United States; an IPv6 and an IPv4-mapped address resolve too', () => {
    expect(geo.lookup('8.8.8.8').country).toBe('US');
    expect(geo.lookup('::ffff:8.8.8.8').country).toBe('US');
    expect(geo.lookup('2a00:1450:4001::1')).toMatchObject({ country: 'DE', region: 'Hesse', city: 'Frankfurt am Main' });
    expect(geo.lookup('81.2.69.160')).toMatchObject({ country: 'GB', city: expect.any(String) });
  });
  test('private, loopback and malformed addresses are unknown', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '::1', 'not-an-ip']) expect(geo.lookup(ip)).toEqual({ country: null, region: null, city: null });
  });
});

describe('user agents', () => {
  test('an iPhone Safari agent is mobile / Mobile Safari / iOS; an iPad is a tablet; Chrome on Windows is desktop', () => {
    expect(parseAgent(AGENTS.iphone)).toEqual({ device: 'mobile', browser: 'Mobile Safari', os: 'iOS', bot: false });
    expect(parseAgent(AGENTS.ipad).device).toBe('tablet');
    expect(parseAgent(AGENTS.chrome)).toEqual({ device: 'desktop', browser: 'Chrome', os: 'Windows', bot: false });
  });
  test('Googlebot and link-preview fetchers are bots', () => {
    expect(parseAgent(AGENTS.googlebot).bot).toBe(true);
    expect(parseAgent(AGENTS.slackbot).bot).toBe(true);
  });
});

describe('enriched clicks', () => {
  test('the visitor key is the same for one address and device, different for another device or address, and hides the IP', () => {
    const a = click('8.8.8.8', AGENTS.iphone);
    expect(click('8.8.8.8', AGENTS.iphone).visitor).toBe(a.visitor);
    expect(click('8.8.8.8', AGENTS.chrome).visitor).not.toBe(a.visitor);
    expect(click('8.8.4.4', AGENTS.iphone).visitor).not.toBe(a.visitor);
    expect(a.visitor).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(a.visitor).not.toContain('8.8.8.8');
    // What is stored of the address is the privacy mode's business (privacy-mode.test.ts): STORE_IP=false is 'none'.
    expect(enrich.privacy.ip).toBe('none');
    const other = createClickEnricher({ secret: 'other-secret', geo, storeIp: true });
    expect(other.privacy.ip).toBe('full');
    expect(other({ linkId: 1, at: 0, referrer: undefined, userAgent: AGENTS.iphone, ip: '8.8.8.8' })).toMatchObject({
      ip: '8.8.8.8',
      visitor: expect.not.stringMatching(a.visitor),
    });
  });
  test('HEAD requests are flagged like bots; QR visits keep their trigger; the referrer host is kept apart', () => {
    expect(click('8.8.8.8', AGENTS.chrome, { head: true }).bot).toBe(true);
    expect(click('8.8.8.8', AGENTS.chrome, { trigger: 'qr' }).trigger).toBe('qr');
    expect(click('8.8.8.8', AGENTS.chrome, { referrer: 'https://News.Ycombinator.com/item?id=1' }).referrerHost).toBe('news.ycombinator.com');
    expect(click('8.8.8.8', AGENTS.chrome, { referrer: 'not a url' }).referrerHost).toBeNull();
  });
});
