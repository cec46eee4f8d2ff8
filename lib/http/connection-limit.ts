// At most `max` open connections per client address (issue 14: slow clients were never dropped and
// one address could hold any number of sockets). A connection over the bound gets a 503 in the JSON
// error shape and is closed. Behind a proxy every client shares the proxy's address, so the bound
// is off by default there (see MAX_CONNECTIONS_PER_IP).
import type { Server } from 'node:http';
import { rawErrorAnswer } from './node-answers';

export function limitConnectionsPerIp(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const ip = socket.remoteAddress ?? '';
    const count = (open.get(ip) ?? 0) + 1;
    if (count > max) {
      socket.end(rawErrorAnswer('unavailable', `Too many open connections from your address (at most ${max}).`, { 'Retry-After': '1' }));
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
