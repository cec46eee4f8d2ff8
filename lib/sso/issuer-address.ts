// Where an identity provider Sling fetches from (an OpenID Connect issuer, a SAML metadata URL) may
// be, checked when a connection is saved: https on public addresses only, unless the operator sets
// SSO_ALLOW_PRIVATE_ISSUERS (true, or the addresses and ranges allowed; docs/guide/single-sign-on.md).
// A name that does not resolve yet is let through: "Test connection" says so, and checks the
// address again as it connects (check-fetch.ts).
import { isIP } from 'node:net';
import { isAllowedAddress, type AllowPrivate } from '../safety/checked-lookup';
import { lookupAll } from '../safety/name-lookup';

const ALLOW = 'identity providers must be on public addresses unless the operator allows them with SSO_ALLOW_PRIVATE_ISSUERS';

/** Why `url` may not be an identity provider's address, or null when it may. */
export async function issuerAddressProblem(url: string, allowPrivate: AllowPrivate): Promise<string | null> {
  if (allowPrivate === true || !URL.canParse(url)) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && !(allowPrivate && parsed.protocol === 'http:')) return 'must use https (http only with SSO_ALLOW_PRIVATE_ISSUERS)';
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookupAll(host)).map((a) => a.address);
  } catch {
    return null;
  }
  const refused = addresses.filter((a) => !isAllowedAddress(a, allowPrivate));
  if (refused.length === 0) return null;
  return `${isIP(host) ? 'is' : 'resolves to'} a non-public address (${refused.join(', ')}); ${ALLOW}`;
}
