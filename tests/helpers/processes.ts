// Server processes, for the tests and the benches alike (bench/ imports this file): a port that is
// free, a child process started with its output kept (in memory, or in a log file for a bench),
// waiting until it answers, and stopping it (SIGTERM, SIGKILL after a grace period). Every child
// started here is tracked, so that any way out (a bench's Ctrl-C) can end the ones still running.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { createServer } from 'node:net';
import { until } from './until';

/**
 * Ports handed out are below Linux's ephemeral range (32768–60999), which outgoing connections
 * draw their local ports from: a port picked by binding port 0 and closing again could be taken by
 * a connection to PostgreSQL or Redis before the server it was meant for bound it ("Port … is
 * already in use", seen about once a run). Each test worker (VITEST_POOL_ID) walks its own slice, from
 * a random point, so two workers never pick the same port.
 */
const FIRST_PORT = 20_000;
const SLICE = 1_000;
const SLICES = 12;
let cursor: number | undefined;

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A port that was free a moment ago on 127.0.0.1, and that no other test worker is handed. */
export async function freePort(): Promise<number> {
  const base = FIRST_PORT + (Number(process.env.VITEST_POOL_ID ?? 0) % SLICES) * SLICE;
  cursor ??= Math.floor(Math.random() * SLICE);
  for (let tried = 0; tried < SLICE; tried++) {
    const port = base + (cursor++ % SLICE);
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port in ${base}–${base + SLICE - 1}`);
}

const running = new Set<ChildProcess>();

/** Remembers a child until it exits (endChildren ends those still running). */
export function track<T extends ChildProcess>(child: T): T {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/**
 * Signals the child's whole process group when it was started in one of its own (`group`), so that
 * what it starts in turn (Kutt's six Bull workers) ends with it; otherwise the child alone.
 */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) return void process.kill(-child.pid, signal);
  } catch {
    // no such group (not started in one, or gone): the child alone
  }
  child.kill(signal);
}

/** SIGTERM to each tracked child still running, SIGKILL after `graceMs`; resolves when all have exited. */
export async function endChildren(graceMs = 10_000): Promise<void> {
  await Promise.all([...running].map((child) => stopChild(child, exitOf(child), 'SIGTERM', graceMs)));
}

export interface ServerProcess {
  name: string;
  port: number;
  /** http://127.0.0.1:<port> */
  url: string;
  child: ChildProcess;
  /** Where its output goes, when it goes to a file. */
  logFile?: string;
  /** Resolves with the exit code (or the signal's name) once the process has exited. */
  exited: Promise<number | string>;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
}

export interface StartOptions {
  name: string;
  /** Node's arguments: the script and its own. */
  args: string[];
  /** Added to this process's environment, or the whole environment with `cleanEnv`. */
  env: Record<string, string | undefined>;
  cleanEnv?: boolean;
  /** Given to the child as PORT. */
  port: number;
  cwd: string;
  /** Output appended to this file instead of kept in memory. */
  logFile?: string;
  /** In a process group of its own, ended whole (signalGroup). */
  group?: boolean;
}

/** Starts `node ...args` without waiting for it; see waitUntilAnswering. */
export function startServer(opts: StartOptions): ServerProcess {
  const log = opts.logFile ? openSync(opts.logFile, 'a') : undefined;
  const child = track(
    spawn(process.execPath, opts.args, {
      cwd: opts.cwd,
      env: { ...(opts.cleanEnv ? {} : process.env), ...opts.env, PORT: String(opts.port) } as NodeJS.ProcessEnv,
      stdio: log === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', log, log],
      detached: opts.group ?? false,
    }),
  );
  if (log !== undefined) closeSync(log); // the child holds its own descriptor
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const output = () => {
    if (!opts.logFile) return out;
    try {
      return readFileSync(opts.logFile, 'utf8');
    } catch {
      return '';
    }
  };
  return { name: opts.name, port: opts.port, url: `http://127.0.0.1:${opts.port}`, child, logFile: opts.logFile, exited: exitOf(child), output };
}

/** Polls `path` until it answers `status`; fails at once if the process exits, with its last lines. */
/** `from`: the loopback address to ask from (a server behind a PROXY-protocol balancer refuses the balancer's own without a header). */
export async function waitUntilAnswering(server: ServerProcess, path: string, status: number, timeoutMs = 90_000, from?: string): Promise<void> {
  let exitedWith: number | string | undefined;
  void server.exited.then((c) => (exitedWith = c));
  const answers = async () => {
    if (exitedWith !== undefined) throw new Error(`${server.name} exited (${exitedWith}) while starting\n${logTail(server)}`);
    if (from !== undefined) return (await statusFrom(`${server.url}${path}`, from)) === status;
    const res = await fetch(`${server.url}${path}`, { redirect: 'manual' }).catch(() => undefined);
    await res?.arrayBuffer().catch(() => {});
    return res?.status === status;
  };
  await until(`${server.name} to answer ${path} with ${status}`, answers, { timeoutMs, intervalMs: 100 }).catch((err: Error) => {
    throw exitedWith === undefined ? new Error(`${err.message} (${timeoutMs} ms)\n${logTail(server)}`) : err;
  });
}

/** The status of a GET sent from `localAddress`, or undefined when the connection failed. */
function statusFrom(url: string, localAddress: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const req = httpGet(url, { localAddress, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('error', () => resolve(undefined));
  });
}

/** `signal` (SIGTERM), then SIGKILL after `graceMs`. Resolves with how the process ended. */
export function stopServer(server: ServerProcess, opts: { signal?: NodeJS.Signals; graceMs?: number } = {}): Promise<number | string> {
  return stopChild(server.child, server.exited, opts.signal ?? 'SIGTERM', opts.graceMs ?? 30_000);
}

/** The last lines it printed (for an error message). */
export function logTail(server: ServerProcess, lines = 30): string {
  const text = server.output().trimEnd();
  return text === '' ? `(${server.name} printed nothing)` : text.split('\n').slice(-lines).join('\n');
}

/** Sling's own log records (pino JSON lines; LOG_LEVEL=warn keeps only warnings and errors). */
export function pinoLines(server: ServerProcess): string[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'));
}

function exitOf(child: ChildProcess): Promise<number | string> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode ?? child.signalCode ?? 'unknown');
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
}

async function stopChild(child: ChildProcess, exited: Promise<number | string>, signal: NodeJS.Signals, graceMs: number): Promise<number | string> {
  if (child.exitCode !== null || child.signalCode !== null) return exited;
  signalGroup(child, signal);
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
  try {
    return await exited;
  } finally {
    clearTimeout(timer);
  }
}
