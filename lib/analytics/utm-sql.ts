// UTM breakdowns and filters (utm_source, utm_medium, utm_campaign): read at query time from the
// UTM parameters of the clicked link's destination (links.long_url), per link, never per click — a
// click stores no destination, and a column filled at click time would need a migration and would
// still miss every click before it. Why, and what it costs: docs/adr/0009-utm-from-destination.md.
// The value is the first parameter of that name in the query (not the fragment), '+' and %XX
// decoded as URLSearchParams decodes them (lib/links/utm.ts reads the same value in the dialog).
export const UTM_BREAKDOWNS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;
export type UtmName = (typeof UTM_BREAKDOWNS)[number];

/** What the breakdowns call a link whose destination has no such parameter (or an empty one); a filter value too. */
export const NO_UTM = '(none)';

/**
 * SQL for the parameter's value in the URL `column`, as the hex of its decoded bytes ('' → NULL).
 * PostgreSQL cannot decode %XX into text without failing on bytes that are not UTF-8, so the bytes
 * are compared (filters) and grouped (breakdowns), and text is made of them in JavaScript. Only
 * regular expressions and built-in functions: the same on PGlite and PostgreSQL.
 */
export function utmHexSql(name: UtmName, column = 'long_url'): string {
  const query = `substring(${column} from '^[^?#]*\\?([^#]*)')`;
  const raw = `substring(${query} from '(?:^|&)${name}(?:=([^&]*))?(?=&|$)')`;
  // A destination without a query has none: the regular expressions are not run for it.
  return `CASE WHEN strpos(${column}, '?') > 0 THEN (SELECT encode(string_agg(CASE WHEN m[1] IS NULL THEN convert_to(m[2], 'UTF8') ELSE decode(m[1], 'hex') END, ''::bytea ORDER BY i), 'hex')
    FROM regexp_matches(replace(${raw}, '+', ' '), '%([0-9A-Fa-f]{2})|([^%]+|%)', 'g') WITH ORDINALITY AS t(m, i)) END`;
}

/** The text of utmHexSql's answer: UTF-8 decoded as URLSearchParams does (a bad byte is U+FFFD); none → "(none)". */
export function utmValueOfHex(hex: string | null): string {
  if (!hex) return NO_UTM;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
}

function hexOf(value: string): string {
  return [...new TextEncoder().encode(value)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The UTM filters as conditions on `links` (each ` AND …`, values as parameters through `p`): the
 * links whose destination carries one of the values; "(none)" matches a destination without it.
 */
export function utmLinksSql(filters: Partial<Record<UtmName, string[]>>, p: (v: unknown) => string): string {
  return UTM_BREAKDOWNS.filter((name) => filters[name])
    .map((name) => ` AND coalesce(${utmHexSql(name)}, '') = ANY(${p(filters[name]!.map((v) => (v === NO_UTM ? '' : hexOf(v))))}::text[])`)
    .join('');
}
