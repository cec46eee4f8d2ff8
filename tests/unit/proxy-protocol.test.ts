// PROXY protocol v1 and v2 headers (lib/server/proxy-protocol.ts): the client's address read from
// each, the header's length found so the client's bytes follow untouched, a header split anywhere
// waits for the rest, and anything else is told apart from a plain request or refused.
import { describe, expect, test } from 'vitest';
import { parseProxyHeader, V1_MAX, V2_MAX } from '../../lib/server/proxy-protocol';
import { proxyV1, proxyV2 } from '../helpers/proxy-header';

const REQUEST = Buffer.from('GET / HTTP/1.1\r\nHost: a\r\n\r\n');
const parse = (s: string | Buffer) => parseProxyHeader(typeof s === 'string' ? Buffer.from(s, 'latin1') : s);

describe('v1', () => {
  test('TCP4: the source address and port, and the length of the line', () => {
    const header = proxyV1('203.0.113.7', 51234, '10.0.0.2', 80);
    expect(parse(Buffer.concat([header, REQUEST]))).toEqual({
      kind: 'proxy',
      source: { address: '203.0.113.7', port: 51234, family: 'IPv4' },
      length: header.length,
    });
  });

  test('TCP6: the address written as Node writes a peer (compressed, lower case; IPv4-mapped dotted)', () => {
    expect(parse('PROXY TCP6 2001:DB8:0:0:0:0:0:7 2001:db8::1 4000 443\r\n')).toMatchObject({
      kind: 'proxy',
      source: { address: '2001:db8::7', port: 4000, family: 'IPv6' },
    });
    expect(parse('PROXY TCP6 ::ffff:198.51.100.9 ::1 1 2\r\n')).toMatchObject({ source: { address: '::ffff:198.51.100.9' } });
  });

  test('UNKNOWN keeps the connection’s own address, whatever follows it', () => {
    expect(parse('PROXY UNKNOWN\r\n')).toEqual({ kind: 'local', length: 15 });
    expect(parse('PROXY UNKNOWN ffff:f...f:ffff ffff:f...f:ffff 65535 65535\r\nGET')).toMatchObject({ kind: 'local' });
  });

  test('malformed lines are refused', () => {
    for (const line of [
      'PROXY TCP4 203.0.113.7 10.0.0.2 51234\r\n',
      'PROXY TCP4 203.0.113.7 10.0.0.2 51234 80 9\r\n',
      'PROXY TCP4 2001:db8::7 10.0.0.2 1 2\r\n',
      'PROXY TCP6 203.0.113.7 ::1 1 2\r\n',
      'PROXY TCP4 203.0.113.777 10.0.0.2 1 2\r\n',
      'PROXY TCP4 203.0.113.7 10.0.0.2 65536 80\r\n',
      'PROXY TCP4 203.0.113.7 10.0.0.2 080 80\r\n',
      'PROXY TCP4  203.0.113.7 10.0.0.2 1 2\r\n',
      'PROXY UDP4 203.0.113.7 10.0.0.2 1 2\r\n',
      'PROXY TCP6 fe80::1%eth0 ::1 1 2\r\n',
    ]) {
      expect(parse(line), line).toMatchObject({ kind: 'invalid' });
    }
  });

  test('a line without its end waits until it is too long to be one', () => {
    expect(parse('PROXY TCP4 203.0.113.7')).toEqual({ kind: 'incomplete' });
    expect(parse(`PROXY ${'x'.repeat(V1_MAX - 7)}`)).toEqual({ kind: 'incomplete' });
    expect(parse(`PROXY ${'x'.repeat(V1_MAX - 6)}`)).toMatchObject({ kind: 'invalid' });
    expect(parse(`PROXY ${'x'.repeat(500)}\r\n`)).toMatchObject({ kind: 'invalid' });
  });
});

describe('v2', () => {
  test('PROXY over IPv4 and IPv6: the source address and port', () => {
    const v4 = proxyV2({ source: { address: '198.51.100.23', port: 40000 } });
    expect(parse(Buffer.concat([v4, REQUEST]))).toEqual({
      kind: 'proxy',
      source: { address: '198.51.100.23', port: 40000, family: 'IPv4' },
      length: 16 + 12,
    });
    const v6 = proxyV2({ source: { address: '2001:db8:0:0:1:0:0:1', port: 443 } });
    expect(parse(v6)).toEqual({ kind: 'proxy', source: { address: '2001:db8::1:0:0:1', port: 443, family: 'IPv6' }, length: 16 + 36 });
  });

  test('TLVs after the addresses are skipped: the length covers them', () => {
    const header = proxyV2({
      source: { address: '198.51.100.23', port: 1 },
      tlvs: [
        { type: 0x01, value: Buffer.from('h2') },
        { type: 0x05, value: Buffer.alloc(300, 7) },
      ],
    });
    expect(parse(Buffer.concat([header, REQUEST]))).toMatchObject({ kind: 'proxy', length: header.length });
  });

  test('LOCAL (the balancer’s health check) and the UNSPEC family keep the connection’s own address', () => {
    const local = proxyV2({ command: 'local' });
    expect(parse(Buffer.concat([local, REQUEST]))).toEqual({ kind: 'local', length: 16 });
    // LOCAL ignores any addresses it carries.
    expect(parse(proxyV2({ command: 'local', source: { address: '198.51.100.23', port: 1 } }))).toMatchObject({ kind: 'local', length: 28 });
    expect(parse(proxyV2({ command: 'proxy' }))).toEqual({ kind: 'local', length: 16 });
  });

  test('unknown versions, commands and families, short addresses and oversize headers are refused', () => {
    const good = proxyV2({ source: { address: '198.51.100.23', port: 1 } });
    const patched = (at: number, value: number) => {
      const copy = Buffer.from(good);
      copy[at] = value;
      return copy;
    };
    expect(parse(patched(12, 0x11))).toMatchObject({ kind: 'invalid' }); // version 1
    expect(parse(patched(12, 0x22))).toMatchObject({ kind: 'invalid' }); // command 2
    expect(parse(patched(13, 0x12))).toMatchObject({ kind: 'invalid' }); // UDP
    expect(parse(patched(13, 0x41))).toMatchObject({ kind: 'invalid' });
    const short = Buffer.from(good.subarray(0, 16 + 8));
    short.writeUInt16BE(8, 14);
    expect(parse(short)).toMatchObject({ kind: 'invalid' });
    const huge = Buffer.from(good);
    huge.writeUInt16BE(V2_MAX, 14);
    expect(parse(huge)).toMatchObject({ kind: 'invalid' });
  });
});

test('a header split anywhere, byte by byte, waits for the rest and then reads the same', () => {
  for (const header of [
    proxyV1('203.0.113.7', 1),
    proxyV1('2001:db8::7', 2),
    proxyV2({ source: { address: '2001:db8::7', port: 3 } }),
    proxyV2({ command: 'local' }),
  ]) {
    const whole = parse(header);
    for (let cut = 0; cut < header.length; cut++) expect(parse(header.subarray(0, cut))).toEqual({ kind: 'incomplete' });
    expect(parse(Buffer.concat([header, REQUEST]))).toEqual(whole);
  }
});

test('plain requests and TLS handshakes are no header, as soon as one byte says so', () => {
  expect(parse(REQUEST)).toEqual({ kind: 'absent' });
  expect(parse('P')).toEqual({ kind: 'incomplete' });
  expect(parse('POST / HTTP/1.1\r\n')).toEqual({ kind: 'absent' });
  expect(parse('PROXX')).toEqual({ kind: 'absent' });
  expect(parse('\r\n\r\nGET / HTTP/1.1')).toEqual({ kind: 'absent' });
  expect(parse(Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00]))).toEqual({ kind: 'absent' });
  expect(parse(Buffer.from([0x00, 0xff, 0x13]))).toEqual({ kind: 'absent' });
});
