// Outgoing requests (webhooks, scans) go to public addresses only, unless configuration allows
// private ones: loopback, private, link-local, shared, multicast, reserved and documentation
// ranges are refused, for IP literals and for every address a host name resolves to. An IPv6
// address that carries an IPv4 address (IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96, 6to4
// 2002::/16) is judged by that IPv4 address too, and the rest of ::/8 (unspecified, loopback,
// IPv4-compatible ::/96, IPv4-translated) is refused outright.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  // (::/8 and the IPv4-carrying prefixes are handled in isPublicAddress: BlockList matches IPv4
  // addresses against ::ffff:0:0/96, so listing ::/8 here would refuse every IPv4 address.)
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2001::', 23],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** The 16 bytes of a valid IPv6 address (without zone), trailing dotted IPv4 included. */
export function ipv6Bytes(ip: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(ip);
  const text = dotted ? `${ip.slice(0, dotted.index)}${((+dotted[1] << 8) | +dotted[2]).toString(16)}:${((+dotted[3] << 8) | +dotted[4]).toString(16)}` : ip;
  const [head, tail] = text.split('::') as [string, string | undefined];
  const groups = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = groups(head);
  const right = groups(tail);
  const words = tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return words.flatMap((w) => [w >> 8, w & 0xff]);
}

const startsWith = (bytes: number[], prefix: number[]) => prefix.every((b, i) => bytes[i] === b);
const MAPPED = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff]; // ::ffff:0:0/96
const NAT64 = [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0]; // 64:ff9b::/96
const SIX_TO_FOUR = [0x20, 0x02]; // 2002::/16, the IPv4 address in bits 16-47

export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 0) return false;
  if (family === 4) return !blocked.check(ip, 'ipv4');
  // A zone (fe80::1%eth0) only exists for link-local and other scoped addresses.
  if (ip.includes('%')) return false;
  const bytes = ipv6Bytes(ip.toLowerCase());
  const ipv4 = (at: number) => bytes.slice(at, at + 4).join('.');
  if (startsWith(bytes, MAPPED) || startsWith(bytes, NAT64)) return isPublicAddress(ipv4(12));
  if (bytes[0] === 0) return false;
  if (startsWith(bytes, SIX_TO_FOUR) && !isPublicAddress(ipv4(2))) return false;
  return !blocked.check(ip, 'ipv6');
}

/** Resolves `host` and returns its addresses, or throws if any of them is not public. */
export async function assertPublicHost(host: string): Promise<string[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  const addresses = isIP(bare) ? [bare] : (await lookup(bare, { all: true, verbatim: true })).map((a) => a.address);
  const refused = addresses.filter((a) => !isPublicAddress(a));
  if (refused.length > 0) throw new Error(`${host} resolves to a non-public address (${refused.join(', ')})`);
  return addresses;
}
