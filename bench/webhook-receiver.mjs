// The webhook bench's endpoint, in its own process as a real one would be: answers every POST with
// 204 and counts webhook-ids. Tells its parent (IPC) its port, and once `expect` distinct ids have
// arrived, how many it saw and how many came more than once; then waits to be killed.
import { createServer } from 'node:http';

const expect = Number(process.argv[2]);
const seen = new Map();
let reported = false;
const server = createServer((req, res) => {
  const id = String(req.headers['webhook-id']);
  seen.set(id, (seen.get(id) ?? 0) + 1);
  req.resume().on('end', () => {
    res.writeHead(204).end();
    if (!reported && seen.size >= expect) {
      reported = true;
      process.send({ done: true, received: seen.size });
    }
  });
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('message', (m) => {
  if (m === 'count') process.send({ received: seen.size, repeated: [...seen.values()].filter((n) => n > 1).length, cpuMs: cpuMs() });
});
function cpuMs() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}
