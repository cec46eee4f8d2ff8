// Starting, probing and stopping the two servers under test (each a child process logging to a file).
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { signalGroup, track } from './children';

export interface ServerProcess {
  name: string;
  port: number;
  child: ChildProcess;
  logFile: string;
  /** Resolves with the exit code (or signal name) once the process has exited. */
  exited: Promise<number | string>;
}

export interface StartOptions {
  name: string;
  args: string[];
  env: Record<string, string | undefined>;
  port: number;
  logFile: string;
  cwd: string;
}

export function startServer(opts: StartOptions): ServerProcess {
  const log = openSync(opts.logFile, 'a');
  const child = track(
    spawn(process.execPath, opts.args, {
      cwd: opts.cwd,
      env: { ...process.env, ...opts.env, PORT: String(opts.port) },
      stdio: ['ignore', log, log],
      detached: true, // a process group of its own, ended whole (children.ts, signalGroup)
    }),
  );
  closeSync(log); // the child holds its own descriptor
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return { name: opts.name, port: opts.port, child, logFile: opts.logFile, exited };
}

/** Polls `path` until it answers `status`; fails early if the process exits. */
export async function waitUntilAnswering(server: ServerProcess, path: string, status: number, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  let exitedWith: number | string | undefined;
  void server.exited.then((c) => (exitedWith = c));
  for (;;) {
    if (exitedWith !== undefined) {
      throw new Error(`${server.name} exited (${exitedWith}) while starting\n${logTail(server)}`);
    }
    const res = await fetch(`http://127.0.0.1:${server.port}${path}`, { redirect: 'manual' }).catch(() => undefined);
    await res?.arrayBuffer().catch(() => {});
    if (res?.status === status) return;
    if (Date.now() > deadline) {
      throw new Error(`${server.name} not answering ${path} after ${timeoutMs} ms\n${logTail(server)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** SIGTERM, then SIGKILL after `graceMs`. Resolves with how the process ended. */
export async function stopServer(server: ServerProcess, graceMs = 30_000): Promise<number | string> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  signalGroup(server.child, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(server.child, 'SIGKILL'), graceMs);
  try {
    return await server.exited;
  } finally {
    clearTimeout(timer);
  }
}

function logTail(server: ServerProcess, lines = 30): string {
  try {
    const text = readFileSync(server.logFile, 'utf8').trimEnd();
    return text === '' ? `(${server.name} logged nothing)` : text.split('\n').slice(-lines).join('\n');
  } catch {
    return `(no log for ${server.name})`;
  }
}

/** Sling's own log records (pino JSON lines; LOG_LEVEL=warn keeps only warnings and errors). */
export function pinoLines(server: ServerProcess): string[] {
  try {
    return readFileSync(server.logFile, 'utf8').split('\n').filter((line) => line.startsWith('{'));
  } catch {
    return [];
  }
}

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
