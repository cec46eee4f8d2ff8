// PROXY protocol on a listener (PROXY_PROTOCOL_FROM; docs/self-hosting/scale-out.md, "Real client
// addresses: PROXY protocol"): a connection from the balancer must begin with a header, whose source
// address becomes the socket's remoteAddress before the HTTP or TLS server sees the connection, so
// limits, clicks and logs all read the client's; a header from anyone else, or none from the
// balancer, closes the connection. Read once per connection, never per request.
import { BlockList, type Server, type Socket } from 'node:net';
import { Server as TlsServer, type TLSSocket } from 'node:tls';
import { logger } from '../core/logger';
import { parseProxyHeader, type ProxySource } from './proxy-protocol';

export interface ProxyProtocolOptions {
  /** The balancer's addresses and CIDR ranges (`10.0.0.5`, `fd00::/8`). */
  from: readonly string[];
  /** How long the balancer has to send a header (and others the bytes that tell it is none); 5 s by default. */
  timeoutMs?: number;
}

type ConnectionListener = (socket: Socket) => void;

/**
 * Reads the header before the server's own connection listeners run (Node's HTTP parser, the TLS
 * handshake, the per-address connection limit): call it after they are attached, before listen().
 */
export function acceptProxyProtocol(server: Server, opts: ProxyProtocolOptions): void {
  const balancers = blockListOf(opts.from);
  const timeoutMs = opts.timeoutMs ?? 5_000;
  const downstream = server.listeners('connection') as ConnectionListener[];
  server.removeAllListeners('connection');
  // A TLS socket asks the TCP handle for its peer, not the socket it wraps: the TLS listener's
  // client addresses are found again by the balancer's address and port, unique while connected.
  const tls = server instanceof TlsServer;
  const carried = new Map<string, ProxySource>();
  server.on('connection', (socket: Socket) => {
    const peer = plain(socket.remoteAddress ?? '');
    const fromBalancer = balancers.check(peer, peer.includes(':') ? 'ipv6' : 'ipv4');
    readHeader(socket, fromBalancer, timeoutMs, (outcome) => {
      if (typeof outcome === 'string') {
        if (fromBalancer) logger().warn({ peer, reason: outcome }, 'connection from PROXY_PROTOCOL_FROM refused');
        else logger().debug({ peer, reason: outcome }, 'connection refused');
        return void socket.destroy();
      }
      if (outcome !== null) {
        if (tls) {
          const key = `${socket.remoteAddress}|${socket.remotePort}`;
          carried.set(key, outcome);
          socket.once('close', () => carried.delete(key));
        }
        carryAddress(socket, outcome);
      }
      for (const listener of downstream) listener.call(server, socket);
    });
  });
  if (tls)
    server.prependListener('secureConnection', (socket: TLSSocket) => {
      const source = carried.get(`${socket.remoteAddress}|${socket.remotePort}`);
      if (source) carryAddress(socket, source);
    });
}

/**
 * Waits for enough bytes to tell, then answers the client's address (null: the socket's own stands)
 * or why the connection is refused. Bytes after the header are put back for the server to read.
 */
function readHeader(socket: Socket, fromBalancer: boolean, timeoutMs: number, done: (outcome: ProxySource | null | string) => void): void {
  let buffered = Buffer.alloc(0);
  let settled = false;
  const finish = (outcome: ProxySource | null | string, rest?: Buffer) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    socket.removeListener('readable', onReadable);
    socket.removeListener('end', onEnd);
    socket.removeListener('error', onError);
    if (rest !== undefined && rest.length > 0) socket.unshift(rest);
    done(outcome);
  };
  const onReadable = () => {
    for (let chunk: Buffer | null = socket.read(); chunk !== null; chunk = socket.read()) buffered = Buffer.concat([buffered, chunk]);
    const parsed = parseProxyHeader(buffered);
    if (parsed.kind === 'incomplete') return;
    if (parsed.kind === 'invalid') return finish(`malformed PROXY header: ${parsed.reason}`);
    if (parsed.kind === 'absent') return fromBalancer ? finish('no PROXY header') : finish(null, buffered);
    if (!fromBalancer) return finish('a PROXY header from an address not in PROXY_PROTOCOL_FROM');
    finish(parsed.kind === 'proxy' ? parsed.source : null, buffered.subarray(parsed.length));
  };
  const onEnd = () => finish('closed before a PROXY header');
  const onError = (err: Error) => finish(`socket error: ${err.message}`);
  // A silent client elsewhere is the HTTP server's to time out (HEADERS_TIMEOUT_MS), as without this.
  const timer = setTimeout(() => (fromBalancer ? finish('no PROXY header in time') : finish(null, buffered)), timeoutMs);
  socket.on('readable', onReadable);
  socket.on('end', onEnd);
  socket.on('error', onError);
}

function carryAddress(socket: Socket, source: ProxySource): void {
  Object.defineProperties(socket, {
    remoteAddress: { value: source.address, configurable: true },
    remotePort: { value: source.port, configurable: true },
    remoteFamily: { value: source.family, configurable: true },
  });
}

function blockListOf(ranges: readonly string[]): BlockList {
  const list = new BlockList();
  for (const range of ranges) {
    const [address, bits] = range.split('/');
    const type = address.includes(':') ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

/** A dual-stack listener's IPv4 peer (`::ffff:10.0.0.5`) as the IPv4 address it is. */
function plain(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}
