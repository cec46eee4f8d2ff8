// The icon shown for a site without a favicon (or whose favicon could not be fetched): its first
// letter on a grey disc, as SVG made here (nothing of the site's goes into it but one letter or digit).

export function letterIcon(host: string): string {
  const letter = (/[\p{L}\p{N}]/u.exec(host.replace(/^www\./, ''))?.[0] ?? '?').toUpperCase();
  const safe = letter.replace(/[&<>"']/g, '?');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#6b7280"/><text x="16" y="21.5" text-anchor="middle" font-family="system-ui, sans-serif" font-size="16" font-weight="700" fill="#ffffff">${safe}</text></svg>`;
}
