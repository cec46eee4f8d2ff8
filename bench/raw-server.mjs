// Baseline for the redirect benchmark: a bare node:http server answering each code from a Map with
// the same 302 Sling sends (same headers, same writeHead/end calls), and nothing else.
// Usage: PORT=… node bench/raw-server.mjs links.json   (links.json: [[code, url], …])
// With TLS_CERT and TLS_KEY (PEM files) it is a node:https server instead, TLS 1.3 only, as Sling's listener.
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';

const targets = new Map(JSON.parse(readFileSync(process.argv[2], 'utf8')));

const tls = process.env.TLS_CERT && process.env.TLS_KEY;
const handler = (req, res) => {
  const url = req.url;
  const q = url.indexOf('?');
  const location = targets.get(url.slice(1, q === -1 ? url.length : q));
  if (location === undefined) {
    res.writeHead(404);
    res.end();
    return;
  }
  res.writeHead(
    302,
    tls
      ? { Location: location, 'Cache-Control': 'private, max-age=0', 'Strict-Transport-Security': 'max-age=31536000' }
      : { Location: location, 'Cache-Control': 'private, max-age=0' },
  );
  res.end();
};
const server = tls
  ? createHttpsServer({ cert: readFileSync(process.env.TLS_CERT), key: readFileSync(process.env.TLS_KEY), minVersion: 'TLSv1.3' }, handler)
  : createHttpServer(handler);
server.keepAliveTimeout = 65_000; // as Sling, so both send the same Keep-Alive header
server.listen(Number(process.env.PORT), '127.0.0.1');
// A normal exit on SIGTERM, so that `node --cpu-prof` (bench/edge-cpu.ts) writes its profile.
process.once('SIGTERM', () => process.exit(0));
