// Starts the built Sling (`node bin/sling.mjs start`) as a child process, like a user would.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startServer, stopServer, waitUntilAnswering } from './processes';
import { TEST_NODE_FLAGS } from './node-flags';
import { TEST_TMPDIR } from './test-tmp';

// Many suites (and ones this change does not touch) take freePort from here.
export { freePort };

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = fileURLToPath(new URL('../../bin/sling.mjs', import.meta.url));

export interface SlingProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  /** Sends a signal and resolves with the exit code (null when a signal ended it). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Runs a sling CLI command to completion; `input` is written to its stdin (which is then closed). */
export function runSling(args: string[], env: Record<string, string>, input?: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...TEST_NODE_FLAGS, BIN, ...args], { cwd: ROOT, env: { ...baseEnv(), ...env } as NodeJS.ProcessEnv });
    child.stdin.end(input);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Starts Sling on a free port, or on `env.PORT` when a test needs to know it beforehand. `readyFrom`:
 * the loopback address its readiness is asked from (behind PROXY_PROTOCOL_FROM, not the balancer's).
 */
export async function startSling(env: Record<string, string>, args: string[] = [], opts: { readyFrom?: string } = {}): Promise<SlingProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = startServer({
    name: 'Sling',
    args: [...TEST_NODE_FLAGS, BIN, 'start', ...args],
    cwd: ROOT,
    cleanEnv: true,
    env: { ...baseEnv(), HOST: '127.0.0.1', BASE_URL: url, ...env },
    port,
  });
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    // SIGKILL only after longer than a test waits: a slow shutdown fails its test as it did before,
    // and no process outlives the run.
    const how = await stopServer(server, { signal, graceMs: 120_000 });
    return typeof how === 'number' ? how : null;
  };
  try {
    await waitUntilAnswering(server, '/readyz', 200, 60_000, opts.readyFrom);
  } catch (err) {
    await stop('SIGKILL');
    throw err;
  }
  return { url, port, child: server.child, output: server.output, stop };
}

function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const k of ['PATH', 'HOME', 'TMPDIR', 'LANG']) if (process.env[k]) env[k] = process.env[k]!;
  // No `sling login` of the machine's user turns a test's local command into a remote one; suites of
  // the remote CLI give their own folder.
  env.XDG_CONFIG_HOME = join(TEST_TMPDIR, 'sling-test-no-login');
  // The deep scan fetches destinations and holds links leading to loopback for review; tests that
  // are not about it keep their links as they made them.
  return { ...env, NEXT_TELEMETRY_DISABLED: '1', LOG_LEVEL: process.env.SLING_TEST_LOG_LEVEL ?? 'warn', SAFETY_DEEP_SCAN: 'false' };
}
