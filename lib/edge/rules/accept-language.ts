// The visitor's preferred language for a rule's language condition, from Accept-Language with its
// q-values. A condition holds when the PREFERRED language matches one of its values: a value without
// a region (en) matches the language in any region (en, en-us, en-gb); one with a region (pt-br) only
// that tag; case-insensitive. The header is the visitor's to write: at most the first 20 entries are
// looked at, malformed ones are skipped, so an 8 KB header costs no more than a short one.

/** Entries looked at (comma-separated parts, empty or malformed ones included). */
const MAX_LANGUAGE_ENTRIES = 20;
/** A longer entry is skipped unread: a real one (tag plus q) is at most a few dozen characters. */
const MAX_ENTRY_LENGTH = 64;

const TAG = /^[a-z]{1,8}(-[a-z0-9]{1,8})*$/i;
/** The one parameter Accept-Language has, `;q=` with a qvalue (RFC 9110: 0 to 1, at most three decimals). */
const WEIGHT = /^\s*q\s*=\s*(0(\.\d{0,3})?|1(\.0{0,3})?)\s*$/i;

/**
 * The lower-cased tag of the highest-q language in an Accept-Language header, or null (no header,
 * nothing acceptable). q=0 means "not acceptable"; `*` is no language; equal q-values keep the
 * header's order; malformed entries (`en;q=2`, `en;q=abc`, `!!`) are skipped; `en_US` reads as en-us.
 */
export function preferredLanguage(header: string | undefined): string | null {
  if (!header) return null;
  let best: string | null = null;
  let bestQ = 0;
  let start = 0;
  for (let n = 0; n < MAX_LANGUAGE_ENTRIES && start <= header.length; n++) {
    let end = header.indexOf(',', start);
    if (end === -1) end = header.length;
    const entry = end - start <= MAX_ENTRY_LENGTH ? header.slice(start, end) : '';
    start = end + 1;
    const semi = entry.indexOf(';');
    const tag = (semi === -1 ? entry : entry.slice(0, semi)).trim().replaceAll('_', '-');
    if (!TAG.test(tag)) continue; // also '' and '*'
    let q = 1;
    if (semi !== -1) {
      const weight = WEIGHT.exec(entry.slice(semi + 1));
      if (!weight) continue;
      q = Number(weight[1]);
    }
    if (q > bestQ) {
      best = tag;
      bestQ = q;
    }
  }
  return best === null ? null : best.toLowerCase();
}

/** The language part of a tag: en for en-us. */
function primaryLanguage(tag: string): string {
  const dash = tag.indexOf('-');
  return dash === -1 ? tag : tag.slice(0, dash);
}

/**
 * A test of a preferred language (lower case, or null for none) against a condition's values, made
 * once per compiled rule: a value without a region matches any region of it, one with a region only itself.
 */
export function languageMatcher(values: readonly string[]): (preferred: string | null) => boolean {
  const exact = new Set<string>();
  const anyRegion = new Set<string>();
  for (const value of values) {
    const tag = value.toLowerCase();
    (tag.includes('-') ? exact : anyRegion).add(tag);
  }
  return (preferred) => preferred !== null && (exact.has(preferred) || anyRegion.has(primaryLanguage(preferred)));
}
