// The visitor's address: the socket's, or X-Forwarded-For's when TRUST_PROXY says so.
import type { IncomingMessage } from 'node:http';

/** trustProxy: false = socket only; true = leftmost X-Forwarded-For; n = the address n hops from the right. */
export function clientIp(req: IncomingMessage, trustProxy: boolean | number): string {
  const socketIp = normalise(req.socket.remoteAddress ?? '');
  if (trustProxy === false || trustProxy === 0) return socketIp;
  const header = req.headers['x-forwarded-for'];
  if (!header) return socketIp;
  const list = (Array.isArray(header) ? header.join(',') : header).split(',').map((s) => s.trim()).filter(Boolean);
  if (list.length === 0) return socketIp;
  if (trustProxy === true) return normalise(list[0]);
  // With n trusted proxies, the last n entries were added by them; the client is the one before.
  const i = list.length - trustProxy;
  return normalise(list[Math.max(0, i)]);
}

function normalise(ip: string): string {
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
}
