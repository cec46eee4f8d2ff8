import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ApiError, apiJson } from '../../components/api-client';
import { until } from '../helpers/until';

// A real server whose 200 answer sends its headers at once and its body only when told, so a call
// can be aborted between the two, as the link page does when the period changes mid-answer.
describe('apiJson', () => {
  let server: Server;
  let base: string;
  let finishBody: (() => void) | undefined;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/slow') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"clicks":');
        finishBody = () => res.end('1}');
        return;
      }
      if (req.url === '/not-json') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>');
      res.writeHead(400, { 'content-type': 'text/html' }).end('<html>');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  test('a call aborted after the headers, before the body, rejects instead of resolving null', async () => {
    // Observes (does not replace) fetch, to abort exactly once the headers are in.
    const realFetch = globalThis.fetch;
    let headersIn = false;
    globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
      const res = await realFetch(...args);
      headersIn = true;
      return res;
    }) as typeof fetch;
    try {
      const controller = new AbortController();
      const call = apiJson(`${base}/slow`, { signal: controller.signal });
      await until("the answer's headers", async () => headersIn, { intervalMs: 5 });
      controller.abort();
      finishBody!();
      await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  test('a 200 that is not JSON rejects; a refusal that is not JSON is an ApiError naming the status', async () => {
    await expect(apiJson(`${base}/not-json`)).rejects.toThrow();
    await expect(apiJson(`${base}/refused`)).rejects.toEqual(new ApiError('The server answered 400.'));
  });
});
