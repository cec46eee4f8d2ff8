// Deep links in the edge's pure decision and the destination check: platform destinations, app
// links and the app page's fallback, rules into the A/B test; refused schemes (issue 31, point 3).
import { describe, expect, test } from 'vitest';
import { toCachedLink, type CachedLink } from '../../lib/edge/cached-link';
import { platformOf, redirectOutcome, type Visitor } from '../../lib/edge/decide-outcome';
import { matchRule } from '../../lib/edge/rules/match-rules';
import { variantCookies } from '../../lib/edge/variant-cookie';
import { validateDestination } from '../../lib/link-rules/app-link';
import { appPageDocument } from '../../lib/link-pages/app-page';
import { AGENTS } from '../helpers/agents';
import { linkRow } from '../helpers/link-row';
import type { LinkRow } from '../../db/schema';

const self = { pointsAtSelf: (url: URL) => url.hostname === 'sl.example' };
const link = (over: Record<string, unknown>) =>
  toCachedLink(linkRow({ longUrl: 'https://example.com/web', ...(over as Partial<LinkRow>) })) as Extract<CachedLink, { kind: 'link' }>;
const visitor = (userAgent: string, over: Partial<Visitor> = {}): Visitor => ({
  ip: '198.51.100.1',
  userAgent,
  acceptLanguage: undefined,
  match: matchRule,
  variants: variantCookies('k'.repeat(32)),
  ...over,
});

describe('platformOf', () => {
  test.each([
    [AGENTS.iphone, 'ios'],
    [AGENTS.ipad, 'ios'],
    [AGENTS.android, 'android'],
    [AGENTS.chrome, null],
    [AGENTS.firefox, null],
    [undefined, null],
  ])('%s', (ua, expected) => expect(platformOf(ua)).toBe(expected));
});

describe('platform destinations and app links', () => {
  test('a link without platform destinations keeps no platform state', () => {
    expect(link({}).platforms).toBeNull();
  });

  test('each platform goes to its own; others to the url; the query rides along', () => {
    const entry = link({ iosUrl: 'https://apps.apple.com/app/id1', androidUrl: 'https://play.google.com/store/apps/details?id=x' });
    expect(redirectOutcome(entry, '', 0, visitor(AGENTS.iphone))).toMatchObject({ kind: 'redirect', location: 'https://apps.apple.com/app/id1' });
    expect(redirectOutcome(entry, 'a=1', 0, visitor(AGENTS.android))).toMatchObject({ location: 'https://play.google.com/store/apps/details?id=x&a=1' });
    expect(redirectOutcome(entry, '', 0, visitor(AGENTS.chrome))).toMatchObject({ location: 'https://example.com/web' });
    // No visitor (the cheap path): the url.
    expect(redirectOutcome(entry, '', 0)).toMatchObject({ location: 'https://example.com/web' });
  });

  test('an app link is the app page, falling back to the platform’s fallback, else the url with the query', () => {
    const entry = link({ iosUrl: 'myapp://p/1', iosFallbackUrl: 'https://apps.apple.com/app/id1', androidUrl: 'myapp://p/1' });
    expect(redirectOutcome(entry, 'ref=x', 0, visitor(AGENTS.iphone))).toEqual({
      kind: 'app',
      location: 'myapp://p/1?ref=x',
      fallback: 'https://apps.apple.com/app/id1',
      linkId: entry.id,
    });
    expect(redirectOutcome(entry, 'ref=x', 0, visitor(AGENTS.android))).toMatchObject({ kind: 'app', fallback: 'https://example.com/web?ref=x' });
  });

  test('a matching rule comes before the platform; a rule into the test records the rule with the variant', () => {
    const entry = link({
      iosUrl: 'https://apps.apple.com/app/id1',
      rules: [
        { id: 'r_mail', conditions: [{ type: 'query', key: 'src', op: 'equals', value: 'mail' }], ab_test: true },
        { id: 'r_de', conditions: [{ type: 'language', values: ['de'] }], url: 'https://example.com/de' },
      ],
      abTest: {
        variants: [
          { id: 'a', url: 'https://example.com/a', weight: 50 },
          { id: 'b', url: 'https://example.com/b', weight: 50 },
        ],
        ends_at: null,
        end_after_clicks: null,
        winner_by: 'clicks',
        started_at: '2026-01-01T00:00:00.000Z',
        clicks_at_start: 0,
        ended_at: null,
        winner: null,
      },
    });
    const viaTest = redirectOutcome(entry, 'src=mail', 0, visitor(AGENTS.iphone));
    expect(viaTest).toMatchObject({ kind: 'redirect', rule: 'r_mail' });
    expect(['a', 'b']).toContain((viaTest as { variant: string }).variant);
    expect(redirectOutcome(entry, '', 0, visitor(AGENTS.iphone, { acceptLanguage: 'de-DE' }))).toMatchObject({
      location: 'https://example.com/de',
      rule: 'r_de',
    });
    // Neither rule: the platform, and no draw (the test splits only the rule's visitors).
    expect(redirectOutcome(entry, '', 0, visitor(AGENTS.iphone))).toEqual(expect.objectContaining({ location: 'https://apps.apple.com/app/id1' }));
    const desktop = redirectOutcome(entry, '', 0, visitor(AGENTS.chrome));
    expect(desktop).toMatchObject({ location: 'https://example.com/web' });
    expect(desktop).not.toHaveProperty('variant');
  });

  test('the page escapes what it shows', () => {
    const html = appPageDocument({ location: 'myapp://x?a="><script>', fallback: 'https://example.com/?q=<b>' });
    expect(html).toContain('href="myapp://x?a=&#34;&#62;&#60;script&#62;"');
    expect(html).not.toContain('<b>');
  });
});

describe('validateDestination', () => {
  test.each(['myapp://product/42', 'fb://profile/1', 'com.example.app://open?x=1', 'spotify:track:4uLU6hMCjMI75M1A2tKUQC'])('%s is an app link', (url) => {
    expect(validateDestination(url, self, 'ios_url')).toBe(url);
  });
  test('the scheme is lower-cased; http(s) is checked as the url', () => {
    expect(validateDestination('MyApp://x', self, 'ios_url')).toBe('myapp://x');
    expect(validateDestination('https://example.com', self, 'ios_url')).toBe('https://example.com/');
    expect(() => validateDestination('https://sl.example/x', self, 'ios_url')).toThrow(/loop/);
  });
  test.each([
    'javascript:alert(1)',
    ' JAVASCRIPT:alert(1)',
    'data:text/html,x',
    'file:///etc/passwd',
    'vbscript:x',
    'blob:https://example.com/1',
    'intent://x#Intent;end',
    'view-source:https://example.com',
    'about:blank',
    'ftp://example.com',
  ])('%s is refused', (url) => {
    expect(() => validateDestination(url, self, 'ios_url')).toThrow(/not allowed/);
  });
  test.each(['myapp:', 'myapp://', 'myapp://a b', 'myapp://a\u0000', `myapp://${'a'.repeat(2100)}`])('%j is not a usable app link', (url) => {
    expect(() => validateDestination(url, self, 'ios_url')).toThrow();
  });
});
