// Raw connections for PROXY protocol tests: bytes written as a load balancer would (a header, then
// the client's request, possibly in pieces), from a chosen loopback address, and everything the
// server answered until it closed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { connect as connectTls } from 'node:tls';
import { TEST_TMPDIR } from './test-tmp';

export interface Exchange {
  /** What the server sent, as text. */
  answer: string;
  /** The status of the first answer, or 0 when the server closed without one. */
  status: number;
}

export interface ExchangeOptions {
  /** The client's own address (any of 127.0.0.0/8 on Linux): what the server sees as its peer. */
  localAddress?: string;
  /** Written over TLS after the header (the header itself goes before the handshake, in the clear). */
  tls?: { servername: string };
  /** Keeps the connection open after the pieces until this settles, then closes it (default: the server closes). */
  closeWhen?: Promise<unknown>;
  /** Ends the client's side after the pieces (a half-close, as `printf … | nc` does). */
  halfClose?: boolean;
  /** The server's address: 127.0.0.1 by default, or ::1. */
  host?: string;
}

/** Connects to 127.0.0.1:port (or `host`), writes `header` then each of `pieces`, and reads until the server closes. */
export function exchange(port: number, header: Buffer | string, pieces: Array<Buffer | string>, opts: ExchangeOptions = {}): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const raw = connect({ host: opts.host ?? '127.0.0.1', port, localAddress: opts.localAddress });
    raw.setNoDelay(true);
    let answer = '';
    const finish = () => resolve({ answer, status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0) });
    const talk = async (socket: Socket) => {
      socket.on('data', (d) => (answer += d));
      socket.on('close', finish);
      // Each piece in its own turn of the event loop: with no delay set, its own packet.
      for (const piece of pieces) {
        if (socket.destroyed) return;
        socket.write(piece);
        await new Promise((r) => setImmediate(r));
      }
      if (opts.closeWhen) void opts.closeWhen.then(() => socket.end());
      if (opts.halfClose) socket.end();
    };
    raw.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' ? finish() : reject(err)));
    raw.once('connect', () => {
      if (header.length > 0) raw.write(header);
      if (!opts.tls) return void talk(raw);
      const secure = connectTls({ socket: raw, servername: opts.tls.servername, rejectUnauthorized: false });
      secure.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' ? finish() : reject(err)));
      secure.once('secureConnect', () => void talk(secure));
    });
  });
}

/** A GET written by hand, closing the connection after its answer. */
export function getRequest(host: string, path = '/', headers: Record<string, string> = {}): string {
  const lines = Object.entries({ Host: host, Connection: 'close', ...headers }).map(([k, v]) => `${k}: ${v}\r\n`);
  return `GET ${path} HTTP/1.1\r\n${lines.join('')}\r\n`;
}

/** A self-signed certificate and key for `hostname` (openssl, as tests/helpers/acme-server.ts uses it). */
export function selfSignedCertificate(hostname: string): { cert: string; key: string } {
  const dir = mkdtempSync(join(TEST_TMPDIR, 'sling-cert-'));
  const [cert, key] = [join(dir, 'cert.pem'), join(dir, 'key.pem')];
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-days', '2'].concat([
      '-subj',
      `/CN=${hostname}`,
      '-addext',
      `subjectAltName=DNS:${hostname}`,
    ]),
    { stdio: 'ignore' },
  );
  return { cert: readFileSync(cert, 'utf8'), key: readFileSync(key, 'utf8') };
}
