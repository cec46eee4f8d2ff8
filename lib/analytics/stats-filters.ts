// The dimension filters of statistics (?country=FR&device=mobile&referrer=(direct)…), on a link's
// and on the workspace's: a value never seen is simply a filter matching nothing; a value of the
// wrong shape is a 400 naming its parameter. A parameter given twice matches either value.
// "(unknown)" (and "(direct)" for referrers), as the breakdowns name missing values, match them.
// ?tag= narrows to the clicks of the links carrying that tag (a property of the link, not the click),
// and ?utm_source=, ?utm_medium=, ?utm_campaign= to those of the links whose destination carries
// that UTM value ("(none)": without it; utm-sql.ts).
import { z } from 'zod';
import { invalidField } from '../core/errors';
import { ZTag } from '../links/link-schema';
import { TAGGED_LINKS } from '../links/tagged-links';
import { UTM_BREAKDOWNS, utmLinksSql, type UtmName } from './utm-sql';

/** Query parameter → raw clicks column. */
export const FILTER_COLUMNS = {
  country: 'country',
  device: 'device',
  browser: 'browser',
  os: 'os',
  referrer: 'referrer_host',
  trigger: 'trigger',
} as const;

export type FilterName = keyof typeof FILTER_COLUMNS | 'tag' | UtmName;
export const FILTER_NAMES: FilterName[] = [...(Object.keys(FILTER_COLUMNS) as Array<keyof typeof FILTER_COLUMNS>), 'tag', ...UTM_BREAKDOWNS];
/** The filters a link's public stats page takes: not the UTM values, which are the owner's (its destination is shown as a host only). */
// A public stats page filters by what its clicks show, never by the link's own properties: a tag or
// UTM filter would let anyone probe which tags and campaigns the owner gave the link.
export const PUBLIC_FILTER_NAMES = FILTER_NAMES.filter((n) => n !== 'tag' && !(UTM_BREAKDOWNS as readonly string[]).includes(n)) as Array<
  Exclude<FilterName, UtmName | 'tag'>
>;
export type StatsFilters = Partial<Record<FilterName, string[]>>;

/** What a breakdown calls a missing value; stored as NULL (raw clicks) or '' (rollups). */
export const MISSING_VALUES = ['(unknown)', '(direct)'];

const MAX_VALUES = 20;
const text = z
  .string()
  .min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters')
  .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters');
const SHAPES: Record<FilterName, z.ZodType<string>> = {
  country: z.union([z.literal('(unknown)'), z.string().regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code (ISO 3166-1), e.g. FR')]),
  device: text,
  browser: text,
  os: text,
  referrer: text,
  trigger: text,
  tag: ZTag,
  // Any text a destination's query can carry, decoded ("(none)": links without the parameter).
  utm_source: text,
  utm_medium: text,
  utm_campaign: text,
};

/** The filters from the query object (a parameter given twice is a list); a bad value is a 400 naming its parameter. */
export function statsFiltersOf(query: Partial<Record<FilterName, string | string[]>>): StatsFilters {
  const filters: StatsFilters = {};
  for (const name of FILTER_NAMES) {
    const raw = query[name];
    if (raw === undefined) continue;
    const values = Array.isArray(raw) ? raw : [raw];
    const parsed = z.array(SHAPES[name]).max(MAX_VALUES, `at most ${MAX_VALUES} values`).safeParse(values);
    if (!parsed.success) throw invalidField(name, `The ${name} filter ${parsed.error.issues[0]?.message ?? 'is invalid'}.`);
    filters[name] = [...new Set(parsed.data.map((v) => (name === 'country' && v !== '(unknown)' ? v.toUpperCase() : v)))];
  }
  return filters;
}

export function hasFilters(filters: StatsFilters | undefined): filters is StatsFilters {
  return filters !== undefined && Object.keys(filters).length > 0;
}

/**
 * The filters as SQL over the raw clicks, each value a parameter (added through `p`): missing values
 * compare as ''. `links`, a condition on `links` the clicks are already limited to (the scope),
 * keeps the UTM filters' reading of destinations to those links rather than every link there is.
 */
export function filtersSql(filters: StatsFilters, p: (v: unknown) => string, links = 'true'): string {
  const columns = (Object.entries(filters) as Array<[FilterName, string[]]>)
    .map(([name, values]) => {
      if (name === 'tag') return ` AND link_id IN (SELECT id FROM links WHERE ${TAGGED_LINKS} AND tags && ${p(values)}::text[])`;
      if (!(name in FILTER_COLUMNS)) return '';
      const stored = values.map((v) => (MISSING_VALUES.includes(v) ? '' : v));
      return ` AND coalesce(${FILTER_COLUMNS[name as keyof typeof FILTER_COLUMNS]}, '') = ANY(${p(stored)}::text[])`;
    })
    .join('');
  const utm = utmLinksSql(filters, p);
  return utm ? `${columns} AND link_id IN (SELECT id FROM links WHERE ${links}${utm})` : columns;
}
