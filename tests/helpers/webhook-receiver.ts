// A real webhook receiver on loopback: verifies every request with the `standardwebhooks` package
// (what a customer would use), keeps what arrived, and answers as the test tells it. It can go
// down (port closed: connections refused) and come back on the same port.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  id: string;
  headers: Record<string, string>;
  body: string;
  payload: { id: string; event: string; timestamp: string; data: any };
  /** Whether the signature verified with the receiver's secret(s). */
  verified: boolean;
  path: string;
}

type Reply = { status: number; body?: string; headers?: Record<string, string> } | 'hang';
/** How to answer the n-th request; a promise holds the answer back until the test lets it go. */
export type Answer = (r: Received, n: number) => Reply | Promise<Reply>;

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** TCP connections accepted (keep-alive reuses them). */
  connections: number;
  /** Unique webhook-ids that verified. */
  ids(): Set<string>;
  secrets: string[];
  answer: Answer;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(secrets: string[] = [], answer: Answer = () => ({ status: 204 })): Promise<Receiver> {
  let server: Server | undefined;
  let port = 0;
  const hanging = new Set<ServerResponse>();
  const receiver: Receiver = {
    url: '',
    port: 0,
    received: [],
    secrets,
    answer,
    connections: 0,
    ids: () => new Set(receiver.received.filter((r) => r.verified).map((r) => r.id)),
    async down() {
      if (!server) return;
      const s = server;
      server = undefined;
      for (const res of hanging) res.destroy();
      s.closeAllConnections();
      await new Promise<void>((r) => s.close(() => r()));
    },
    async up() {
      if (server) return;
      server = createServer(handle);
      server.on('connection', () => receiver.connections++);
      await new Promise<void>((r, j) => {
        server!.once('error', j);
        server!.listen(port, '127.0.0.1', () => r());
      });
      port = (server.address() as AddressInfo).port;
      receiver.port = port;
      receiver.url = `http://127.0.0.1:${port}/hook`;
    },
    close: () => receiver.down(),
  };

  function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      let verified = false;
      for (const secret of receiver.secrets) {
        try {
          new Webhook(secret).verify(body, headers);
          verified = true;
          break;
        } catch {
          /* try the next secret */
        }
      }
      let payload: Received['payload'];
      try {
        payload = JSON.parse(body);
      } catch {
        payload = { id: '', event: '', timestamp: '', data: null };
      }
      const r: Received = { id: headers['webhook-id'] ?? '', headers, body, payload, verified, path: req.url ?? '' };
      receiver.received.push(r);
      const reply = (a: Reply) => {
        if (a === 'hang') {
          hanging.add(res);
          return;
        }
        res.writeHead(a.status, a.headers);
        res.end(a.body ?? '');
      };
      const a = receiver.answer(r, receiver.received.length);
      if (a instanceof Promise) {
        hanging.add(res);
        void a.then((x) => {
          hanging.delete(res);
          if (!res.destroyed) reply(x);
        });
      } else reply(a);
    });
  }

  await receiver.up();
  return receiver;
}
