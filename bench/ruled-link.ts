// The bench's link with routing rules (issue 31): its tenth rule is the one that holds for the
// bench's visitor (a desktop Chrome from 127.0.0.1, which GeoIP does not place).
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
export const RULED_TO = RULED.rules!.at(-1)!.url;
