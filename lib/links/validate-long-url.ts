// Destination URL rules (DESIGN §4): absolute http(s), ≤ 2048 chars, a host, no loop to our own domains.
import { invalidField } from '../http/errors';

export const MAX_URL_LENGTH = 2048;

/** Returns the normalised URL or throws a 400 naming `field`. `ownHosts` are lower-case host names. */
export function validateLongUrl(input: unknown, ownHosts: ReadonlySet<string>, field = 'url'): string {
  if (typeof input !== 'string' || input.trim() === '') {
    throw invalidField(field, 'A destination URL is required.');
  }
  const raw = input.trim();
  if (raw.length > MAX_URL_LENGTH) {
    throw invalidField(field, `The URL is longer than ${MAX_URL_LENGTH} characters.`);
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(raw)?.[1]?.toLowerCase();
  if (!scheme) throw invalidField(field, 'The URL must be absolute and start with http:// or https://.');
  if (scheme !== 'http' && scheme !== 'https') {
    throw invalidField(field, `"${scheme}:" URLs are not allowed; use http:// or https://.`);
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidField(field, 'This is not a valid URL.');
  }
  if (!url.hostname) throw invalidField(field, 'The URL has no host name.');
  if (url.username || url.password) {
    throw invalidField(field, 'URLs with a user name or password in them are not allowed.');
  }
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (ownHosts.has(host)) {
    throw invalidField(field, 'The URL points at a Sling short domain; links to short links would loop.');
  }
  const normalised = url.href;
  if (normalised.length > MAX_URL_LENGTH) {
    throw invalidField(field, `The URL is longer than ${MAX_URL_LENGTH} characters once encoded.`);
  }
  return normalised;
}
