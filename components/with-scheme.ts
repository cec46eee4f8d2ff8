// What people type into a URL field: "example.com/x" means https://example.com/x. Anything that
// already names a scheme ("http://…", "mailto:…") is left as typed, so the API judges it.

/** The URL with "https://" in front when it was typed without a scheme; trimmed otherwise. */
export function withScheme(input: string): string {
  const text = input.trim();
  if (text === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return text;
  if (text.startsWith('//')) return `https:${text}`;
  // "mailto:x" or "javascript:x" name a scheme; "localhost:3000/x" is a host and a port.
  if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text)) return text;
  return `https://${text}`;
}
