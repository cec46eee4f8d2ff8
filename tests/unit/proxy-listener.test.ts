// PROXY protocol on Node's own HTTP and HTTPS servers (lib/server/proxy-listener.ts), over real
// loopback sockets: from the balancer's address the header's client becomes the socket's peer for
// every request on the connection (and for the per-address connection limit, which runs after it);
// a header from elsewhere, none from the balancer, a malformed one or one that never ends closes
// the connection, and the server goes on serving.
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { limitConnectionsPerIp } from '../../lib/http/connection-limit';
import { acceptProxyProtocol } from '../../lib/server/proxy-listener';
import { exchange, getRequest, selfSignedCertificate } from '../helpers/proxy-client';
import { proxyV1, proxyV2 } from '../helpers/proxy-header';
import { until } from '../helpers/until';

const BALANCER = '127.0.0.1';
const ELSEWHERE = '127.0.0.2';
const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

/** Answers each request with the peer address and port the server sees. */
const whoAmI = (req: IncomingMessage, res: ServerResponse) => {
  res.end(`${req.socket.remoteAddress} ${req.socket.remotePort} ${req.socket.remoteFamily}`);
};

async function listen(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

async function httpServer(opts: { timeoutMs?: number; maxPerIp?: number } = {}) {
  const server = createHttpServer(whoAmI);
  if (opts.maxPerIp) limitConnectionsPerIp(server, opts.maxPerIp);
  acceptProxyProtocol(server, { from: ['10.9.0.0/16', `${BALANCER}/32`, 'fd00::/8'], timeoutMs: opts.timeoutMs });
  return listen(server);
}

const body = (answer: string) => answer.split('\r\n\r\n').at(-1);

describe('from the balancer', () => {
  test('v1 and v2, IPv4 and IPv6: the header’s client is the peer; bytes after the header are the request', async () => {
    const port = await httpServer();
    const v1 = await exchange(port, proxyV1('203.0.113.7', 40001), [getRequest('a.test')]);
    expect(body(v1.answer)).toBe('203.0.113.7 40001 IPv4');
    const v2 = await exchange(port, proxyV2({ source: { address: '2001:db8::7', port: 40002 } }), [getRequest('a.test')]);
    expect(body(v2.answer)).toBe('2001:db8::7 40002 IPv6');
    // The header and the request in one write, as HAProxy often sends them.
    const together = await exchange(port, '', [Buffer.concat([proxyV1('198.51.100.1', 3), Buffer.from(getRequest('a.test'))])]);
    expect(body(together.answer)).toBe('198.51.100.1 3 IPv4');
  });

  test('a header that arrives a few bytes at a time, TLVs and all, is read the same', async () => {
    const port = await httpServer();
    const header = proxyV2({ source: { address: '198.51.100.9', port: 7 }, tlvs: [{ type: 0x01, value: Buffer.from('http/1.1') }] });
    const pieces = [...Array(Math.ceil(header.length / 5)).keys()].map((i) => header.subarray(i * 5, i * 5 + 5));
    const slow = await exchange(port, '', [...pieces, 'GET / HTTP/1.1\r\n', 'Host: a.test\r\nConnection: close\r\n\r\n']);
    expect(body(slow.answer)).toBe('198.51.100.9 7 IPv4');
  });

  test('once per connection: every request on a kept-alive connection has the header’s client', async () => {
    const port = await httpServer();
    const keep = (n: number) => `GET /${n} HTTP/1.1\r\nHost: a.test\r\n\r\n`;
    const out = await exchange(port, proxyV1('203.0.113.8', 9), [keep(1), keep(2), getRequest('a.test', '/3')]);
    expect(out.answer.match(/203\.0\.113\.8 9 IPv4/g)).toHaveLength(3);
  });

  test('a client that half-closes right after its request (header, request and FIN at once) is answered', async () => {
    const port = await httpServer();
    const request = Buffer.concat([proxyV1('203.0.113.9', 1), Buffer.from(getRequest('a.test'))]);
    expect(body((await exchange(port, '', [request], { halfClose: true })).answer)).toBe('203.0.113.9 1 IPv4');
    const plain = await exchange(port, '', [getRequest('a.test')], { halfClose: true, localAddress: ELSEWHERE });
    expect(body(plain.answer)).toMatch(/^127\.0\.0\.2 /);
  });

  test('v2 LOCAL (a health check) and v1 UNKNOWN keep the balancer’s own address', async () => {
    const port = await httpServer();
    expect(body((await exchange(port, proxyV2({ command: 'local' }), [getRequest('a.test')])).answer)).toMatch(/^127\.0\.0\.1 \d+ IPv4$/);
    expect(body((await exchange(port, 'PROXY UNKNOWN\r\n', [getRequest('a.test')])).answer)).toMatch(/^127\.0\.0\.1 /);
  });

  test('the per-address connection limit counts the header’s clients', async () => {
    const port = await httpServer({ maxPerIp: 1 });
    // Held open: a request whose headers never end.
    const held = exchange(port, proxyV1('203.0.113.20', 1), ['GET / HTTP/1.1\r\n']);
    await until('the held connection to be counted', async () => {
      const second = await exchange(port, proxyV1('203.0.113.20', 2), [getRequest('a.test')]);
      return second.status === 503;
    });
    const other = await exchange(port, proxyV1('203.0.113.21', 3), [getRequest('a.test')]);
    expect(other.status).toBe(200);
    servers[0].closeAllConnections();
    await held;
  });

  test('no header, a malformed one, or one that never ends: closed without an answer', async () => {
    const port = await httpServer({ timeoutMs: 300 });
    for (const header of [
      '',
      'PROXY TCP4 203.0.113.7 10.0.0.1 99999 80\r\n',
      'PROXY TCP4 not-an-address\r\n',
      `PROXY ${'x'.repeat(200)}`,
      Buffer.concat([proxyV2({ source: { address: '198.51.100.1', port: 1 } }).subarray(0, 13), Buffer.from([0x99, 0, 0])]),
    ]) {
      const out = await exchange(port, header, [getRequest('a.test')]);
      expect({ header: String(header).slice(0, 30), answer: out.answer }).toEqual({ header: String(header).slice(0, 30), answer: '' });
    }
    // Half a header, then nothing: closed once the header's time is up.
    expect((await exchange(port, 'PROXY TCP4 203.0', [])).answer).toBe('');
    // The server is still there.
    expect((await exchange(port, proxyV1('203.0.113.7', 1), [getRequest('a.test')])).status).toBe(200);
  });
});

test('a dual-stack listener: a balancer listed by its IPv6 address, an IPv4 one seen as ::ffff:…', async () => {
  const server = createHttpServer(whoAmI);
  acceptProxyProtocol(server, { from: ['::1', '127.0.0.1'] });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '::', r));
  const port = (server.address() as AddressInfo).port;
  const header = proxyV1('203.0.113.40', 1);
  expect(body((await exchange(port, header, [getRequest('a.test')], { host: '::1' })).answer)).toBe('203.0.113.40 1 IPv4');
  expect(body((await exchange(port, header, [getRequest('a.test')])).answer)).toBe('203.0.113.40 1 IPv4');
  expect((await exchange(port, header, [getRequest('a.test')], { localAddress: ELSEWHERE })).answer).toBe('');
});

describe('from any other address', () => {
  test('a PROXY header (v1 or v2) closes the connection: nobody else may say who the client is', async () => {
    const port = await httpServer();
    for (const header of [proxyV1('203.0.113.7', 1), proxyV2({ source: { address: '203.0.113.7', port: 1 } }), proxyV2({ command: 'local' })]) {
      const out = await exchange(port, header, [getRequest('a.test')], { localAddress: ELSEWHERE });
      expect(out.answer).toBe('');
    }
  });

  test('a plain request is served as ever, with its own address', async () => {
    const port = await httpServer({ timeoutMs: 300 });
    expect(body((await exchange(port, '', [getRequest('a.test')], { localAddress: ELSEWHERE })).answer)).toMatch(/^127\.0\.0\.2 \d+ IPv4$/);
    // One byte at a time ("P" could begin a header), and a client that is slow to start.
    const slow = await exchange(port, '', ['P', 'OST / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\nConnection: close\r\n\r\n'], { localAddress: ELSEWHERE });
    expect(body(slow.answer)).toMatch(/^127\.0\.0\.2 /);
  });
});

test('HTTPS: the header before the TLS handshake; the TLS socket has the header’s client', async () => {
  const { cert, key } = selfSignedCertificate('tls.proxy.test');
  const server = createHttpsServer({ cert, key }, whoAmI);
  acceptProxyProtocol(server, { from: [BALANCER] });
  const port = await listen(server);
  const tls = { servername: 'tls.proxy.test' };
  const v2 = await exchange(port, proxyV2({ source: { address: '2001:db8::9', port: 443 } }), [getRequest('tls.proxy.test')], { tls });
  expect(body(v2.answer)).toBe('2001:db8::9 443 IPv6');
  const v1 = await exchange(port, proxyV1('203.0.113.30', 5), [getRequest('tls.proxy.test')], { tls });
  expect(body(v1.answer)).toBe('203.0.113.30 5 IPv4');
  // No header from the balancer: the handshake never starts.
  expect(await exchange(port, '', [getRequest('tls.proxy.test')], { tls })).toEqual({ answer: '', status: 0 });
});

test('without PROXY_PROTOCOL_FROM nothing is read: a header is the HTTP parser’s bad request, as it always was', async () => {
  const server = createHttpServer(whoAmI);
  const port = await listen(server);
  expect((await exchange(port, proxyV1('203.0.113.7', 1), [getRequest('a.test')])).status).toBe(400);
  expect(body((await exchange(port, '', [getRequest('a.test')])).answer)).toMatch(/^127\.0\.0\.1 /);
});
