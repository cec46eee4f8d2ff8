// PROXY protocol headers as a load balancer writes them (HAProxy's send-proxy and send-proxy-v2),
// for tests of lib/server/proxy-protocol.ts and the listeners that read them.
import { isIPv4 } from 'node:net';

/** A v1 line: `PROXY TCP4 <src> <dst> <sport> <dport>\r\n` (TCP6 for IPv6 addresses). */
export function proxyV1(source: string, sourcePort: number, destination = '127.0.0.1', destinationPort = 80): Buffer {
  const protocol = isIPv4(source) ? 'TCP4' : 'TCP6';
  return Buffer.from(`PROXY ${protocol} ${source} ${destination} ${sourcePort} ${destinationPort}\r\n`, 'latin1');
}

export interface V2Options {
  command?: 'proxy' | 'local';
  /** The client's address and port (none: the UNSPEC family). */
  source?: { address: string; port: number };
  destination?: { address: string; port: number };
  /** Type-length-value extensions after the addresses (HAProxy's ALPN, authority, unique id…). */
  tlvs?: Array<{ type: number; value: Buffer }>;
}

/** A v2 binary header. */
export function proxyV2(opts: V2Options = {}): Buffer {
  const signature = Buffer.from([0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a]);
  const command = opts.command === 'local' ? 0x20 : 0x21;
  let family = 0x00;
  let addresses = Buffer.alloc(0);
  if (opts.source) {
    const v4 = isIPv4(opts.source.address);
    const destination = opts.destination ?? { address: v4 ? '127.0.0.1' : '::1', port: 80 };
    family = v4 ? 0x11 : 0x21;
    const bytes = v4 ? ipv4Bytes : ipv6Bytes;
    const ports = Buffer.alloc(4);
    ports.writeUInt16BE(opts.source.port, 0);
    ports.writeUInt16BE(destination.port, 2);
    addresses = Buffer.concat([bytes(opts.source.address), bytes(destination.address), ports]);
  }
  const tlvs = (opts.tlvs ?? []).map(({ type, value }) => {
    const head = Buffer.alloc(3);
    head[0] = type;
    head.writeUInt16BE(value.length, 1);
    return Buffer.concat([head, value]);
  });
  const body = Buffer.concat([addresses, ...tlvs]);
  const head = Buffer.alloc(4);
  head[0] = command;
  head[1] = family;
  head.writeUInt16BE(body.length, 2);
  return Buffer.concat([signature, head, body]);
}

function ipv4Bytes(address: string): Buffer {
  return Buffer.from(address.split('.').map(Number));
}

function ipv6Bytes(address: string): Buffer {
  const [head, tail = ''] = address.split('::');
  const part = (s: string) => (s === '' ? [] : s.split(':').map((g) => Number.parseInt(g, 16)));
  const [left, right] = [part(head), address.includes('::') ? part(tail) : []];
  const groups = [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  const out = Buffer.alloc(16);
  groups.forEach((g, i) => out.writeUInt16BE(g, 2 * i));
  return out;
}
