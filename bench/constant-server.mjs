// Baseline for link creation: a bare node:http server that reads a POST's body and answers 201 with
// constant JSON, and nothing else. It is the floor of a JSON POST on node:http over loopback, the
// bench's own (Sling serves no route for the bench).   Usage: PORT=… node bench/constant-server.mjs
import { createServer } from 'node:http';

const BODY = Buffer.from('{"ok":true}');

const server = createServer((req, res) => {
  if (req.method !== 'POST') {
    res.writeHead(404);
    res.end();
    return;
  }
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    JSON.parse(Buffer.concat(chunks).toString('utf8')); // as a handler would: the body is read and parsed
    res.writeHead(201, { 'Content-Type': 'application/json', 'Content-Length': BODY.length });
    res.end(BODY);
  });
});
server.keepAliveTimeout = 65_000; // as Sling
server.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => process.exit(0));
