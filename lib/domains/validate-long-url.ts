// Destination URL rules (docs/api/rest-v1.md, "Links"): absolute http(s), ≤ 2048 chars, a host, no loop back to Sling.
import type { SelfAddress } from './self-address';
import { invalidField } from '../core/errors';

export const MAX_URL_LENGTH = 2048;

/** Returns the normalised URL or throws a 400 naming `field`. `self` knows Sling's own addresses. */
export function validateLongUrl(input: unknown, self: Pick<SelfAddress, 'pointsAtSelf'>, field = 'url'): string {
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
  if (self.pointsAtSelf(url)) {
    throw invalidField(field, 'The URL points back at this Sling (one of its short domains or an address of this server); the link would loop.');
  }
  const normalised = url.href;
  if (normalised.length > MAX_URL_LENGTH) {
    throw invalidField(field, `The URL is longer than ${MAX_URL_LENGTH} characters once encoded.`);
  }
  return normalised;
}
