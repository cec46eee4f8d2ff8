// What people type into a URL field: "example.com/x" means https://example.com/x, in the dashboard's
// fields, the home page's shortener and a CSV import's url column alike. Anything that already names a
// scheme ("http://…", "mailto:…") is left as typed, so the destination's checks judge it. The APIs
// take URLs as sent: a program says what it means.

/** The URL with "https://" in front when it was typed without a scheme; trimmed otherwise. */
export function withScheme(input: string): string {
  const text = input.trim();
  if (text === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return text;
  if (text.startsWith('//')) return `https:${text}`;
  // "mailto:x" or "javascript:x" name a scheme; "localhost:3000/x" is a host and a port.
  if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text)) return text;
  // Only what reads as a host gets the scheme: "not-a-url" stays as typed, so it is refused as such.
  return looksLikeHost(text) ? `https://${text}` : text;
}

/** "example.com/…", "localhost:3000", "[::1]/x", "10.0.0.1": a dotted name, localhost or an IP literal. */
function looksLikeHost(text: string): boolean {
  const host = text.split(/[/?#]/, 1)[0].replace(/:\d+$/, '');
  if (/^\[[0-9a-f:.]+\]$/i.test(host) || host.toLowerCase() === 'localhost') return true;
  return /^[^\s.@]+(\.[^\s.@]+)+\.?$/u.test(host);
}
