// Where to go after signing in or up: only a path on this site. "//host" and "/\host" are
// protocol-relative to browsers and anything with a scheme leaves the site, so both are refused.

/** The path when it is a same-origin path ("/…", not "//…" or "/\…"), else null. */
export function safeNextPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters (a tab or newline inside "/\t/evil.com") are dropped by URL parsers.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  return value;
}
