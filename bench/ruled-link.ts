// The bench's smart links (issue 31): one with routing rules, whose tenth rule is the one that holds
// for the bench's visitor (a desktop Chrome from 127.0.0.1, which GeoIP does not place), and one
// with a 3-way A/B test (the load tool keeps no cookies: every visit is a first one, drawn and
// answered with a Set-Cookie, the test's most expensive case).
import type { SeedLink } from './bench-database';

/** Ten rules, each asking for a country, a device and a language: every visit reads the place, the parsed agent and Accept-Language, and tries all ten. */
export const RULED: SeedLink = {
  code: 'ruled',
  url: 'https://example.com/landing/ruled?utm_source=sling',
  rules: [
    ...['DE', 'FR', 'GB', 'IT', 'ES', 'NL', 'SE', 'PL', 'JP'].map((country, i) => ({
      id: `r${i}`,
      conditions: [
        { type: 'country' as const, values: [country] },
        { type: 'device' as const, values: ['mobile' as const] },
        { type: 'language' as const, values: [country.toLowerCase()] },
      ],
      url: `https://example.com/landing/${country.toLowerCase()}`,
    })),
    {
      id: 'last',
      conditions: [
        { type: 'country' as const, values: ['US'], not: true },
        { type: 'device' as const, values: ['desktop' as const] },
        { type: 'browser' as const, values: ['chrome'] },
      ],
      url: 'https://example.com/landing/everyone-else',
    },
  ],
};

/** Where the bench's visitor goes (the raw server answers the code with it). */
export const RULED_TO = RULED.rules!.at(-1)!.url!;

/** A 3-way A/B test, 50/30/20. */
export const TESTED: SeedLink = {
  code: 'tested',
  url: 'https://example.com/landing/tested?utm_source=sling',
  abTest: {
    variants: [
      { id: 'a', url: 'https://example.com/landing/a', weight: 50 },
      { id: 'b', url: 'https://example.com/landing/b', weight: 30 },
      { id: 'c', url: 'https://example.com/landing/c', weight: 20 },
    ],
    ends_at: null,
    end_after_clicks: null,
    winner_by: 'clicks',
    started_at: '2026-01-01T00:00:00.000Z',
    clicks_at_start: 0,
    ended_at: null,
    winner: null,
  },
};
