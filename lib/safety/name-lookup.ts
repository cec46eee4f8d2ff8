// The name lookup of Sling's outgoing requests to addresses users give (SSO's issuer check and "Test
// connection", the deep scan: checked-lookup.ts). The system's resolver, or one a test hands the
// runtime (`startServer({ lookup })`), as it hands over the clock (lib/core/clock.ts): a test can
// then re-point a name between two lookups (DNS rebinding) in a server it reaches over HTTP.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';

/** node:dns `lookup` with `all: true`. */
export type Resolve = (
  hostname: string,
  options: { all: true; family?: number; hints?: number },
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

export const systemLookup = dnsLookup as unknown as Resolve;

// A plain module variable, as the process clock is; the runtime puts it back at close.
let current: Resolve | undefined;

/** The lookup the runtime set for this process (`useLookup`); the system's until then. */
export function processLookup(): Resolve {
  return current ?? systemLookup;
}

/** Makes `resolve` the process's lookup (undefined: back to the system's). The runtime calls it. */
export function useLookup(resolve: Resolve | undefined): void {
  current = resolve;
}

/** Every address of `hostname`, through the process's lookup. */
export function lookupAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => processLookup()(hostname, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))));
}
