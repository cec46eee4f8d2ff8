// A GeoIP file (MaxMind DB format, as GEOIP_DB takes) that places chosen addresses in chosen
// countries: loopback and documentation addresses have none in the bundled DB-IP file, and tests
// that send from 127.0.0.x (the soak behind HAProxy) need each address to land somewhere known.
// Format: https://maxmind.github.io/MaxMind-DB/ — a binary trie over the 128 address bits (IPv4
// under ::/96), a data section of records, then the metadata.
import { writeFileSync } from 'node:fs';
import { isIPv4 } from 'node:net';

type Rec = { node: number } | { data: number } | null;

/** Writes `path`: each address (IPv4 or IPv6, one host each) → `{ country_code }`, as DB-IP's records read. */
export function writeCountryMmdb(path: string, countries: Record<string, string>): void {
  const data: Buffer[] = [];
  let dataLength = 0;
  const offsets = new Map<string, number>();
  const nodes: Array<[Rec, Rec]> = [[null, null]];
  for (const [address, country] of Object.entries(countries)) {
    let offset = offsets.get(country);
    if (offset === undefined) {
      const record = map({ country_code: utf8(country) });
      offsets.set(country, (offset = dataLength));
      data.push(record);
      dataLength += record.length;
    }
    const bits = addressBits(address);
    let node = 0;
    for (let i = 0; i < 128; i++) {
      const bit = bits[i];
      if (i === 127) {
        nodes[node][bit] = { data: offset };
        break;
      }
      const next = nodes[node][bit];
      if (next !== null && 'node' in next) node = next.node;
      else {
        nodes.push([null, null]);
        nodes[node][bit] = { node: nodes.length - 1 };
        node = nodes.length - 1;
      }
    }
  }
  const count = nodes.length;
  const value = (r: Rec) => (r === null ? count : 'node' in r ? r.node : count + 16 + r.data);
  const tree = Buffer.alloc(count * 6);
  nodes.forEach(([left, right], i) => {
    tree.writeUIntBE(value(left), i * 6, 3);
    tree.writeUIntBE(value(right), i * 6 + 3, 3);
  });
  const metadata = map({
    node_count: uint(6, count, 4),
    record_size: uint(5, 24, 2),
    ip_version: uint(5, 6, 2),
    database_type: utf8('Sling-Test-Country'),
    languages: Buffer.concat([Buffer.from([1, 11 - 7]), utf8('en')]),
    binary_format_major_version: uint(5, 2, 2),
    binary_format_minor_version: uint(5, 0, 2),
    build_epoch: Buffer.concat([Buffer.from([8, 9 - 7]), bigEndian(Math.floor(Date.now() / 1000), 8)]),
    description: map({ en: utf8('Test addresses placed in chosen countries') }),
  });
  const marker = Buffer.concat([Buffer.from([0xab, 0xcd, 0xef]), Buffer.from('MaxMind.com')]);
  writeFileSync(path, Buffer.concat([tree, Buffer.alloc(16), ...data, marker, metadata]));
}

function addressBits(address: string): number[] {
  const groups = isIPv4(address) ? [0, 0, 0, 0, 0, 0, ...ipv4Groups(address)] : ipv6Groups(address);
  return groups.flatMap((g) => Array.from({ length: 16 }, (_, i) => (g >> (15 - i)) & 1));
}

function ipv4Groups(address: string): number[] {
  const [a, b, c, d] = address.split('.').map(Number);
  return [(a << 8) | b, (c << 8) | d];
}

function ipv6Groups(address: string): number[] {
  const [head, tail = ''] = address.split('::');
  const part = (s: string) => (s === '' ? [] : s.split(':').map((g) => Number.parseInt(g, 16)));
  const [left, right] = [part(head), address.includes('::') ? part(tail) : []];
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

/** A control byte for `type` (1–7) and a size below 29. */
const control = (type: number, size: number) => Buffer.from([(type << 5) | size]);
const utf8 = (s: string) => Buffer.concat([control(2, Buffer.byteLength(s)), Buffer.from(s)]);
const bigEndian = (n: number, bytes: number) => {
  const out = Buffer.alloc(bytes);
  out.writeUIntBE(n, bytes - Math.min(bytes, 6), Math.min(bytes, 6));
  return out;
};
const uint = (type: 5 | 6, n: number, bytes: number) => Buffer.concat([control(type, bytes), bigEndian(n, bytes)]);

function map(entries: Record<string, Buffer>): Buffer {
  const pairs = Object.entries(entries).flatMap(([k, v]) => [utf8(k), v]);
  return Buffer.concat([control(7, Object.keys(entries).length), ...pairs]);
}
