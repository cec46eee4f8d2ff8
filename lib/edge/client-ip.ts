// The visitor's address: the socket's, or X-Forwarded-For's when TRUST_PROXY says so.
import type { IncomingMessage } from 'node:http';

/**
 * The client's address behind `trustProxy` proxies that each append the address they were reached
 * from to X-Forwarded-For (0/false: the socket's; true = 1). With n proxies the client is the nth
 * entry from the right; everything further left was sent by the client and proves nothing. A header
 * shorter than n (a request that skipped a proxy) gives its leftmost entry, as Express does.
 */
export function clientIp(req: IncomingMessage, trustProxy: boolean | number): string {
  const socketIp = normalise(req.socket.remoteAddress ?? '');
  const hops = trustProxy === true ? 1 : trustProxy === false ? 0 : trustProxy;
  if (hops <= 0) return socketIp;
  const header = req.headers['x-forwarded-for'];
  if (!header) return socketIp;
  const list = (Array.isArray(header) ? header.join(',') : header)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length === 0) return socketIp;
  return normalise(list[Math.max(0, list.length - hops)]);
}

function normalise(ip: string): string {
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
}
