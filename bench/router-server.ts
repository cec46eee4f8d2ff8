// One trivial JSON POST (read the body, answer 201 {"ok":true}) behind node:http, served three ways
// for bench/router-compare.ts: `sling` (lib/api/router.ts with a one-route table and Sling's node
// glue, lib/server/serve-api.ts), `hono` (Hono on @hono/node-server, when installed) or `raw` (a
// bare node:http handler). Loopback only.   Usage: PORT=… node --import tsx bench/router-server.ts sling|hono|raw
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { ApiRoute } from '../lib/api/api-route';
import { createRouter } from '../lib/api/router';
import { serveApi } from '../lib/server/serve-api';

const PATH = '/api/v1/links';
const port = Number(process.env.PORT);
const kind = process.argv[2];

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

async function main() {
  if (kind === 'hono') {
    // Imported by name at run time: hono is not a dependency of Sling (npm install --no-save hono @hono/node-server).
    const { Hono } = (await import('hono' as string)) as {
      Hono: new () => {
        post(path: string, h: (c: { req: { json(): Promise<unknown> }; json(body: unknown, status: number): Response }) => Promise<Response>): void;
        fetch: unknown;
      };
    };
    const { serve } = (await import('@hono/node-server' as string)) as { serve(opts: { fetch: unknown; port: number; hostname: string }): unknown };
    const app = new Hono();
    app.post(PATH, async (c) => {
      await c.req.json();
      return c.json({ ok: true }, 201);
    });
    const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
    (server as unknown as { keepAliveTimeout: number }).keepAliveTimeout = 65_000;
    return;
  }
  let handler: (req: IncomingMessage, res: ServerResponse) => void;
  if (kind === 'sling') {
    const route: ApiRoute = {
      method: 'POST',
      path: PATH,
      bodyLimit: 64 * 1024,
      operations: [],
      handler: async (req) => {
        await req.json();
        return Response.json({ ok: true }, { status: 201 });
      },
    };
    const router = createRouter([route]);
    handler = (req, res) => void serveApi(router, req, res, pathOf(req.url ?? '/'));
  } else if (kind === 'raw') {
    const body = Buffer.from('{"ok":true}');
    handler = (req, res) => {
      if (req.method !== 'POST' || pathOf(req.url ?? '/') !== PATH) {
        res.writeHead(404).end();
        return;
      }
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        JSON.parse(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(201, { 'Content-Type': 'application/json', 'Content-Length': body.length }).end(body);
      });
    };
  } else {
    throw new Error(`unknown kind ${kind} (sling, hono or raw)`);
  }
  const server = createServer(handler);
  server.keepAliveTimeout = 65_000;
  server.listen(port, '127.0.0.1');
}

process.once('SIGTERM', () => process.exit(0));
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
