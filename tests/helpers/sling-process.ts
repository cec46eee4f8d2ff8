// Starts the built Sling (`node bin/sling.mjs start`) as a child process, like a user would.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = fileURLToPath(new URL('../../bin/sling.mjs', import.meta.url));

export interface SlingProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Runs a sling CLI command to completion; `input` is written to its stdin (which is then closed). */
export function runSling(args: string[], env: Record<string, string>, input?: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...baseEnv(), ...env } as NodeJS.ProcessEnv });
    child.stdin.end(input);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Starts Sling on a free port, or on `env.PORT` when a test needs to know it beforehand. */
export async function startSling(env: Record<string, string>, args: string[] = []): Promise<SlingProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [BIN, 'start', ...args], {
    cwd: ROOT,
    env: { ...baseEnv(), PORT: String(port), HOST: '127.0.0.1', BASE_URL: url, ...env } as unknown as NodeJS.ProcessEnv,
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const proc: SlingProcess = {
    url,
    port,
    child,
    output: () => out,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Sling exited with ${child.exitCode}:\n${out}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.status === 200) return proc;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await proc.stop('SIGKILL');
      throw new Error(`Sling did not become ready:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const k of ['PATH', 'HOME', 'TMPDIR', 'LANG']) if (process.env[k]) env[k] = process.env[k]!;
  // The deep scan fetches destinations and holds links leading to loopback for review; tests that
  // are not about it keep their links as they made them.
  return { ...env, NEXT_TELEMETRY_DISABLED: '1', LOG_LEVEL: process.env.SLING_TEST_LOG_LEVEL ?? 'warn', SAFETY_DEEP_SCAN: 'false' };
}
