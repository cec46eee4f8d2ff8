// Baseline for the redirect benchmark: a bare node:http server answering each code from a Map with
// the same 302 Sling sends (same headers, same writeHead/end calls), and nothing else.
// Usage: PORT=… node bench/raw-server.mjs links.json   (links.json: [[code, url], …])
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const targets = new Map(JSON.parse(readFileSync(process.argv[2], 'utf8')));

const server = createServer((req, res) => {
  const url = req.url;
  const q = url.indexOf('?');
  const location = targets.get(url.slice(1, q === -1 ? url.length : q));
  if (location === undefined) {
    res.writeHead(404);
    res.end();
    return;
  }
  res.writeHead(302, { Location: location, 'Cache-Control': 'private, max-age=0' });
  res.end();
});
server.keepAliveTimeout = 65_000; // as Sling, so both send the same Keep-Alive header
server.listen(Number(process.env.PORT), '127.0.0.1');
