// Destinations that may be app links (a platform's url, a rule's url): an http(s) URL checked as the
// link's own is, or an app link (lib/core/url-scheme.ts) checked for its form. A visitor is never
// redirected to an app link: the app page tries it and offers the fallback (lib/link-pages/app-page.ts).
import { appLinkScheme, urlScheme } from '../core/url-scheme';
import { invalidField } from '../core/errors';
import type { SelfAddress } from '../domains/self-address';
import { MAX_URL_LENGTH, validateLongUrl } from '../domains/validate-long-url';

/** The destination, normalised, or a 400 naming `field`. */
export function validateDestination(input: unknown, self: Pick<SelfAddress, 'pointsAtSelf'>, field: string): string {
  if (typeof input !== 'string') return validateLongUrl(input, self, field);
  const raw = input.trim();
  const scheme = urlScheme(raw);
  if (scheme === null || scheme === 'http' || scheme === 'https') return validateLongUrl(input, self, field);
  if (appLinkScheme(raw) === null) throw invalidField(field, `"${scheme}:" URLs are not allowed; use https:// or an app link such as myapp://open.`);
  if (raw.length > MAX_URL_LENGTH) throw invalidField(field, `The URL is longer than ${MAX_URL_LENGTH} characters.`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
  if (/[\s\u0000-\u001f\u007f]/.test(raw)) throw invalidField(field, 'An app link has no spaces or control characters.');
  if (raw.length === scheme.length + 1 || raw === `${scheme}://`)
    throw invalidField(field, `The app link needs a path after "${scheme}:" (such as ${scheme}://open).`);
  try {
    new URL(raw);
  } catch {
    throw invalidField(field, 'This is not a valid app link (such as myapp://product/42).');
  }
  return scheme + raw.slice(scheme.length);
}
