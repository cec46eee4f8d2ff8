// Addresses and CIDR ranges as settings and link rules take them (`10.0.0.0/8`, `fd00::/8`, `198.51.100.7`).
import { isIP } from 'node:net';

/** An IP address, or a range of them in CIDR notation. */
export function isAddressOrRange(value: string): boolean {
  const [address, bits, ...rest] = value.trim().split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}
