// Outgoing requests (webhooks, scans) go to public addresses only, unless configuration allows
// private ones: loopback, private, link-local, shared, multicast, reserved and documentation
// ranges are refused, for IP literals and for every address a host name resolves to.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  // (IPv4-mapped ::ffff:0:0/96 is unwrapped and checked as IPv4 instead: BlockList would match every IPv4 address against it.)
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32], ['2001::', 23],
  ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(net, bits, 'ipv6');

export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 0) return false;
  if (family === 6 && ip.toLowerCase().startsWith('::ffff:') && isIP(ip.slice(7)) === 4) return isPublicAddress(ip.slice(7));
  return !blocked.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** Resolves `host` and returns its addresses, or throws if any of them is not public. */
export async function assertPublicHost(host: string): Promise<string[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  const addresses = isIP(bare) ? [bare] : (await lookup(bare, { all: true, verbatim: true })).map((a) => a.address);
  const refused = addresses.filter((a) => !isPublicAddress(a));
  if (refused.length > 0) throw new Error(`${host} resolves to a non-public address (${refused.join(', ')})`);
  return addresses;
}
