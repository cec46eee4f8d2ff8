// Where a command's output goes and its input comes from. In the `sling` process that is the
// terminal; when a running server executes a command forwarded over its admin socket
// (admin-socket.ts), it is that connection, per command (AsyncLocalStorage: commands may overlap),
// and the command borrows the server's open database instead of opening its own.
import { AsyncLocalStorage } from 'node:async_hooks';
import { format } from 'node:util';
import type { Runtime } from '../lib/server/open-runtime';

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  stdin: NodeJS.ReadableStream;
  /** The server's configuration and database, which the command uses and must not close. */
  hosted: Pick<Runtime, 'config' | 'handle'>;
  exitCode?: number;
}

const current = new AsyncLocalStorage<CliIo>();

export function runWithIo<T>(io: CliIo, fn: () => Promise<T>): Promise<T> {
  return current.run(io, fn);
}

export function print(...args: unknown[]): void {
  const io = current.getStore();
  if (io) io.out(`${format(...args)}\n`);
  else console.log(...args);
}

export function printError(...args: unknown[]): void {
  const io = current.getStore();
  if (io) io.err(`${format(...args)}\n`);
  else console.error(...args);
}

export function input(): NodeJS.ReadableStream {
  return current.getStore()?.stdin ?? process.stdin;
}

export function setExitCode(code: number): void {
  const io = current.getStore();
  if (io) io.exitCode = code;
  else process.exitCode = code;
}

/** The running server's runtime when this command runs inside it, else undefined. */
export function hostedRuntime(): CliIo['hosted'] | undefined {
  return current.getStore()?.hosted;
}
