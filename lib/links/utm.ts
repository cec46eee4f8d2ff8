// UTM parameters of a destination URL: read from its query, and written into it (replacing a
// parameter already there, an empty value removing it). Pure, shared by the API and the link dialog.
export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export type Utm = Record<UtmKey, string | null>;

/** The URL's UTM values (the first of each), null for those absent; all null for text that is not a URL. */
export function readUtm(url: string): Utm {
  const query = parsed(url)?.searchParams;
  return Object.fromEntries(UTM_KEYS.map((k) => [k, query?.get(k) || null])) as Utm;
}

/**
 * `url` with the given UTM values set (in place when present, appended otherwise); '' or null removes
 * one, an absent key leaves it alone. Text that does not parse as a URL is returned unchanged.
 */
export function writeUtm(url: string, values: Partial<Record<UtmKey, string | null>>): string {
  const u = parsed(url);
  if (!u) return url;
  let changed = false;
  for (const key of UTM_KEYS) {
    if (!(key in values)) continue;
    const value = values[key] ?? '';
    const all = u.searchParams.getAll(key);
    // Only a real change touches the query: URLSearchParams re-encodes all of it when it writes.
    if (value === '' ? all.length === 0 : all.length === 1 && all[0] === value) continue;
    changed = true;
    if (value === '') u.searchParams.delete(key);
    else if (all.length > 0) replaceFirst(u.searchParams, key, value);
    else u.searchParams.append(key, value);
  }
  return changed ? u.toString() : url;
}

/** Sets the first `key` and drops its repeats, keeping its place among the other parameters. */
function replaceFirst(params: URLSearchParams, key: string, value: string) {
  const entries = [...params.entries()];
  let seen = false;
  const kept = entries.flatMap(([k, v]) => (k !== key ? [[k, v]] : seen ? [] : ((seen = true), [[k, value]])));
  for (const k of [...new Set(entries.map(([k]) => k))]) params.delete(k);
  for (const [k, v] of kept) params.append(k, v);
}

function parsed(url: string): URL | null {
  return URL.canParse(url) ? new URL(url) : null;
}
