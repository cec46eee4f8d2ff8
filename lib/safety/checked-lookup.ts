// The name lookup for outgoing requests to user-given addresses (the deep scan, SSO's "Test
// connection"): it refuses a name with any address that is not allowed (non-public, unless
// allowed) as the connection is made, and the connection goes to the address it checked. So a name
// cannot resolve publicly for a check and privately for the connection (DNS rebinding). Node does
// not look IP literals up: callers check those with isAllowedAddress before connecting.
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { processLookup, type Resolve } from './name-lookup';
import { isPublicAddress } from './public-address';

export type { Resolve } from './name-lookup';

/** Loopback and private addresses allowed: all of them, or (tests) those a predicate admits. */
export type AllowPrivate = boolean | ((address: string) => boolean);

export class PrivateAddressError extends Error {}

export function isAllowedAddress(address: string, allowPrivate: AllowPrivate): boolean {
  if (isPublicAddress(address)) return true;
  return typeof allowPrivate === 'function' ? allowPrivate(address) : allowPrivate;
}

/** `resolve`: the process's lookup (name-lookup.ts) unless a test supplies its own. */
export function checkedLookup(allowPrivate: AllowPrivate, resolve: Resolve = processLookup()): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { family: options.family as number | undefined, hints: options.hints, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const refused = addresses.filter((a) => !isAllowedAddress(a.address, allowPrivate));
      if (addresses.length === 0) return callback(new Error(`${hostname} has no address`), '', 0);
      if (refused.length > 0) {
        return callback(new PrivateAddressError(`${hostname} resolves to a non-public address (${refused.map((a) => a.address).join(', ')})`), '', 0);
      }
      if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
