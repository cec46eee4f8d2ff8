// An event stream whose client stops reading (lib/server/serve-api.ts): once more than
// EVENT_STREAM_UNSENT_MAX_BYTES wait for it, Sling cuts the connection and cancels the handler's
// stream, instead of holding whatever the handler goes on producing. Over a real loopback socket.
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { EVENT_STREAM_UNSENT_MAX_BYTES, writeResponse } from '../../lib/server/serve-api';
import { until } from '../helpers/until';

let server: Server | undefined;
let client: Socket | undefined;
afterEach(async () => {
  client?.destroy();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
});

test('a client that stops reading is disconnected once the unsent backlog passes the bound, and the stream is cancelled', async () => {
  const chunk = new Uint8Array(256 * 1024).fill(0x61);
  let produced = 0;
  let cancelled = false;
  server = createServer((req, res) => {
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        produced += chunk.byteLength;
        controller.enqueue(chunk);
      },
      cancel() {
        cancelled = true;
      },
    });
    void writeResponse(req, res, new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  let closed = false;
  client = connect({ port, host: '127.0.0.1' }, () => {
    client!.write('GET /live HTTP/1.1\r\nHost: x\r\n\r\n');
  });
  client.once('data', () => client!.pause()); // the headers arrived; nothing more is read
  client.on('close', () => (closed = true));
  client.on('error', () => {});

  await until('the producer cancelled', async () => cancelled, { timeoutMs: 20_000 });
  // Bounded: what the kernel's buffers took plus the bound, not an endless backlog.
  expect(produced).toBeGreaterThanOrEqual(EVENT_STREAM_UNSENT_MAX_BYTES);
  expect(produced).toBeLessThan(EVENT_STREAM_UNSENT_MAX_BYTES + 32 * 1024 * 1024);
  client.resume();
  await until('the connection closed', async () => closed, { timeoutMs: 20_000 });
});
