// A TCP relay in front of a real service (Redis), so a test can make it unreachable: cut() destroys
// the live connections and drops every new one at once, restore() lets them through again.
import { connect, createServer, type Socket } from 'node:net';

export interface TcpRelay {
  /** The service's URL with the relay's host and port. */
  url: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpRelay(serviceUrl: string): Promise<TcpRelay> {
  const target = new URL(serviceUrl);
  const targetPort = Number(target.port);
  let open = true;
  const sockets = new Set<Socket>();
  const track = (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  const server = createServer((client) => {
    if (!open) return void client.destroy();
    const upstream = connect(targetPort, target.hostname);
    track(client);
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(serviceUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as { port: number }).port);
  return {
    url: url.toString().replace(/\/$/, ''),
    cut: () => {
      open = false;
      for (const s of sockets) s.destroy();
    },
    restore: () => {
      open = true;
    },
    close: async () => {
      open = false;
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
