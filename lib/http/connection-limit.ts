// At most `max` open connections per client address (issue 14: slow clients were never dropped and
// one address could hold any number of sockets). A connection over the bound gets a 503 in the JSON
// error shape and is closed. Behind a proxy every client shares the proxy's address, so the bound
// is off by default there (see MAX_CONNECTIONS_PER_IP).
import type { Server } from 'node:http';

export function limitConnectionsPerIp(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const ip = socket.remoteAddress ?? '';
    const count = (open.get(ip) ?? 0) + 1;
    if (count > max) {
      const body = JSON.stringify({ error: { code: 'unavailable', message: `Too many open connections from your address (at most ${max}).` } });
      socket.end(
        `HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Retry-After: 1\r\nConnection: close\r\n\r\n${body}`,
      );
      return;
    }
    open.set(ip, count);
    socket.once('close', () => {
      const left = (open.get(ip) ?? 1) - 1;
      if (left > 0) open.set(ip, left);
      else open.delete(ip);
    });
  });
}
