// The running server's admin socket (embedded database only): a Unix socket in DATA_DIR, readable
// and writable by its owner alone, through which `sling` commands run inside the server, on its
// open database, while the data directory is locked. One command per connection:
//   client → {"argv": [...], "stdin": "..."}\n
//   server → {"out": "..."}\n | {"err": "..."}\n … then {"exit": N}\n
// The command runs through runCli, as it would in its own process, so its output is the same.
import { chmodSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { Runtime } from '../lib/server/open-runtime';
import { logger } from '../lib/core/logger';
import { runWithIo, type CliIo } from './cli-io';
import { runCli } from './run-cli';

export const ADMIN_SOCKET = 'sling.sock';
/** A request larger than this is refused (argv and a password are small). */
const MAX_REQUEST_BYTES = 1024 * 1024;

export function adminSocketPath(dataDir: string): string {
  return join(resolve(dataDir), ADMIN_SOCKET);
}

export interface AdminSocket {
  path: string;
  close(): Promise<void>;
}

/** Listens on DATA_DIR/sling.sock (a stale one is replaced: this process holds the directory's lock). */
export async function openAdminSocket(dataDir: string, runtime: Pick<Runtime, 'config' | 'handle'>): Promise<AdminSocket> {
  const path = adminSocketPath(dataDir);
  rmSync(path, { force: true });
  const server = createServer((socket) => serve(socket, runtime));
  // Created owner-only from the start (not chmod-ed after, which would leave a moment open).
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((ok, fail) => {
      server.once('error', fail);
      server.listen(path, () => ok());
    });
  } finally {
    process.umask(umask);
  }
  chmodSync(path, 0o600);
  return { path, close: () => closeSocket(server, path) };
}

function closeSocket(server: Server, path: string): Promise<void> {
  return new Promise((done) => {
    server.close(() => done());
    rmSync(path, { force: true });
  });
}

function serve(socket: Socket, runtime: Pick<Runtime, 'config' | 'handle'>): void {
  let buffered = '';
  const send = (frame: object) => {
    if (!socket.destroyed) socket.write(`${JSON.stringify(frame)}\n`);
  };
  const onData = (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    if (buffered.length > MAX_REQUEST_BYTES) return void socket.destroy();
    const end = buffered.indexOf('\n');
    if (end === -1) return;
    socket.off('data', onData);
    run(buffered.slice(0, end))
      .catch((err: unknown) => {
        logger().error({ err }, 'admin socket command failed');
        send({ err: 'The server could not run this command; see its log.\n' });
        send({ exit: 1 });
      })
      .finally(() => socket.end());
  };
  const run = async (line: string) => {
    const request = parseRequest(line);
    if (!request || request.argv[0] === 'start') {
      send({ err: request ? 'Sling is already running on this data directory.\n' : 'Malformed admin socket request.\n' });
      return send({ exit: request ? 1 : 2 });
    }
    const io: CliIo = {
      out: (text) => send({ out: text }),
      err: (text) => send({ err: text }),
      stdin: Readable.from([request.stdin ?? '']),
      hosted: runtime,
    };
    const code = await runWithIo(io, () => runCli(request.argv));
    logger().info({ command: request.argv.slice(0, 2).join(' '), exit: code || io.exitCode || 0 }, 'admin socket command');
    send({ exit: code || io.exitCode || 0 });
  };
  socket.on('data', onData);
  socket.on('error', () => socket.destroy());
}

function parseRequest(line: string): { argv: string[]; stdin?: string } | null {
  try {
    const value = JSON.parse(line) as { argv?: unknown; stdin?: unknown };
    if (!Array.isArray(value.argv) || !value.argv.every((a) => typeof a === 'string')) return null;
    if (value.stdin !== undefined && typeof value.stdin !== 'string') return null;
    return { argv: value.argv as string[], stdin: value.stdin as string | undefined };
  } catch {
    return null;
  }
}
