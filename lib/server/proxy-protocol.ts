// PROXY protocol headers, v1 (text) and v2 (binary), as a TCP load balancer sends them before the
// client's own bytes (docs/self-hosting/scale-out.md, "Real client addresses: PROXY protocol").
// Pure: the listener (proxy-listener.ts) feeds it what has arrived so far, once per connection.
import { isIPv4, isIPv6 } from 'node:net';

export interface ProxySource {
  address: string;
  port: number;
  family: 'IPv4' | 'IPv6';
}

export type ProxyParse =
  /** The client's address as the balancer was reached from; `length` bytes of header precede the client's. */
  | { kind: 'proxy'; source: ProxySource; length: number }
  /** The balancer speaking for itself (v2 LOCAL: a health check) or an address it cannot tell (v1 UNKNOWN, v2 UNSPEC or UNIX): the connection's own address stays. */
  | { kind: 'local'; length: number }
  /** Too few bytes yet to tell. */
  | { kind: 'incomplete' }
  /** The bytes do not begin with a PROXY header (a plain HTTP request or TLS handshake). */
  | { kind: 'absent' }
  | { kind: 'invalid'; reason: string };

const V1_PREFIX = Buffer.from('PROXY ', 'latin1');
/** The longest v1 line, CRLF included (the specification's bound). */
export const V1_MAX = 107;
const V2_SIGNATURE = Buffer.from([0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a]);
/** A v2 header with its TLVs (HAProxy's SSL and unique-id ones are a few hundred bytes); anything longer is refused. */
export const V2_MAX = 16 + 2048;

/** Reads a PROXY header from the start of `buf`, the bytes a connection has sent so far. */
export function parseProxyHeader(buf: Buffer): ProxyParse {
  if (buf.length === 0) return { kind: 'incomplete' };
  const signature = buf[0] === V1_PREFIX[0] ? V1_PREFIX : buf[0] === V2_SIGNATURE[0] ? V2_SIGNATURE : undefined;
  if (signature === undefined) return { kind: 'absent' };
  const seen = Math.min(buf.length, signature.length);
  if (buf.compare(signature, 0, seen, 0, seen) !== 0) return { kind: 'absent' };
  if (seen < signature.length) return { kind: 'incomplete' };
  return signature === V1_PREFIX ? parseV1(buf) : parseV2(buf);
}

function parseV1(buf: Buffer): ProxyParse {
  const end = buf.subarray(0, V1_MAX).indexOf('\r\n');
  if (end < 0) return buf.length >= V1_MAX ? invalid(`a v1 header is at most ${V1_MAX} bytes`) : { kind: 'incomplete' };
  const length = end + 2;
  const [, protocol, src, dst, srcPort, dstPort, ...extra] = buf.toString('latin1', 0, end).split(' ');
  if (protocol === 'UNKNOWN') return { kind: 'local', length };
  if (protocol !== 'TCP4' && protocol !== 'TCP6') return invalid(`unknown v1 protocol "${protocol}"`);
  if (extra.length > 0 || dstPort === undefined) return invalid('a v1 header has five fields after PROXY');
  const v4 = protocol === 'TCP4';
  const isAddress = v4 ? isIPv4 : isIPv6;
  if (!isAddress(src) || !isAddress(dst)) return invalid(`a ${protocol} header with an address that is not ${v4 ? 'IPv4' : 'IPv6'}`);
  const port = portOf(srcPort);
  if (port === undefined || portOf(dstPort) === undefined) return invalid('a v1 header with a port that is not 0–65535');
  const address = v4 ? src : canonicalIpv6(src);
  if (address === undefined) return invalid('a TCP6 header with an address that is not IPv6');
  return { kind: 'proxy', source: { address, port, family: v4 ? 'IPv4' : 'IPv6' }, length };
}

function parseV2(buf: Buffer): ProxyParse {
  if (buf.length < 16) return { kind: 'incomplete' };
  const version = buf[12] >> 4;
  const command = buf[12] & 0x0f;
  if (version !== 2) return invalid(`unknown version ${version}`);
  if (command > 1) return invalid(`unknown command ${command}`);
  const length = 16 + buf.readUInt16BE(14);
  if (length > V2_MAX) return invalid(`a v2 header is at most ${V2_MAX} bytes here`);
  if (buf.length < length) return { kind: 'incomplete' };
  if (command === 0) return { kind: 'local', length }; // LOCAL: addresses, if any, are ignored
  const family = buf[13];
  // 0x11 TCP over IPv4, 0x21 TCP over IPv6; UNSPEC (0x00) and UNIX (0x31, 0x32) keep the connection's own address.
  if (family === 0x00 || family === 0x31 || family === 0x32) return { kind: 'local', length };
  if (family === 0x11) {
    if (length < 16 + 12) return invalid('a TCP4 header shorter than its addresses');
    const address = `${buf[16]}.${buf[17]}.${buf[18]}.${buf[19]}`;
    return { kind: 'proxy', source: { address, port: buf.readUInt16BE(24), family: 'IPv4' }, length };
  }
  if (family === 0x21) {
    if (length < 16 + 36) return invalid('a TCP6 header shorter than its addresses');
    const groups = Array.from({ length: 8 }, (_, i) => buf.readUInt16BE(16 + 2 * i).toString(16));
    return { kind: 'proxy', source: { address: canonicalIpv6(groups.join(':'))!, port: buf.readUInt16BE(48), family: 'IPv6' }, length };
  }
  return invalid(`unsupported address family and transport 0x${family.toString(16).padStart(2, '0')}`);
}

function portOf(text: string): number | undefined {
  if (!/^(0|[1-9]\d{0,4})$/.test(text)) return undefined;
  const port = Number(text);
  return port <= 65535 ? port : undefined;
}

/** The address as Node writes a socket's peer: compressed, lower case, IPv4-mapped ones dotted. */
function canonicalIpv6(text: string): string | undefined {
  let host: string;
  try {
    host = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  } catch {
    return undefined; // a zone index ("fe80::1%eth0") is no client address
  }
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (!mapped) return host;
  const [high, low] = [Number.parseInt(mapped[1], 16), Number.parseInt(mapped[2], 16)];
  return `::ffff:${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

const invalid = (reason: string): ProxyParse => ({ kind: 'invalid', reason });
