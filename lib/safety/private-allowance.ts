// Which non-public addresses an operator lets an outgoing request reach: none (false), all (true),
// or those of a list of addresses and ranges (SSO_ALLOW_PRIVATE_ISSUERS=10.20.0.0/16,fd00:1::/64),
// as the AllowPrivate that checked-lookup.ts takes.
import { BlockList, isIP } from 'node:net';
import type { AllowPrivate } from './checked-lookup';

/** The setting as lib/config/env-schema.ts reads it: a flag, or the addresses and ranges allowed. */
export type PrivateSetting = boolean | readonly string[];

export function privateAllowance(setting: PrivateSetting): AllowPrivate {
  if (typeof setting === 'boolean') return setting;
  const allowed = new BlockList();
  for (const entry of setting) {
    const [address, bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) allowed.addAddress(address, type);
    else allowed.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    const family = isIP(address);
    return family !== 0 && allowed.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}
