// Sling inside the test process: server.ts's startServer (role all: the edge, the click writer, the
// job system, the webhook dispatcher) without Next's pages (`pages: false`), on a loopback port for
// what needs a socket (redirects, link pages), and the API's router answering Requests directly
// (`request`), as serve-api.ts hands them over, without the socket. The environment is what
// startSling gives its child process (tests/helpers/sling-process.ts), set on this process's
// process.env while it runs: the configuration and every other process-wide singleton
// (lib/core/global-singleton.ts, better-auth's rate-limit counters among them) are made afresh for
// each start and dropped at close, so one test process can run one Sling after another (the
// integration projects run their files one after another in each worker, without isolation:
// tests/setup/integration-file.ts). One in-process Sling at a time per process.
import type { RunningServer } from '../../server';
import type { CliIo } from '../../cli/cli-io';
import type { IncomingMessage } from 'node:http';
import { clientIp } from '../../lib/edge/client-ip';
import { CLIENT_IP_HEADER } from '../../lib/core/client-ip-header';
import { apiHeaders } from '../../lib/http/security-headers';
import type { Router } from '../../lib/api/router';
import type { DbHandle } from '../../lib/db/types';
import type { Clock } from '../../lib/core/clock';
import type { Resolve } from '../../lib/safety/name-lookup';
import { seedOn } from './seed-in-process';
import { freePort } from './processes';

export interface InProcessSling {
  /** The server's own address (BASE_URL): redirects and link pages are fetched there. */
  url: string;
  port: number;
  /**
   * Accounts and tokens as `sling users create` / `sling tokens create` make them, on the server's
   * own open database (no second opening of it, which PGlite would refuse anyway).
   */
  seed: ReturnType<typeof seedOn>;
  /** The server's database handle, for a test to read what the API does not show (the outbox, jobs). */
  handle: DbHandle;
  /** An API request answered by the router in this process, with no socket. */
  request(req: Request): Promise<Response>;
  /**
   * A `sling` command line run in this process on the server's configuration and open database, as
   * a server runs one forwarded over its admin socket (cli/admin-socket.ts): no process. Output and
   * exit code are the command's own (as runSling answers).
   */
  cli(args: string[], input?: string): Promise<{ code: number; stdout: string; stderr: string }>;
  /** Stops the server as its SIGTERM would (clicks written, workers stopped, database closed). */
  close(): Promise<void>;
}

let open: Promise<InProcessSling> | undefined;

export interface InProcessOptions {
  /**
   * The clock the server goes by (lib/core/clock.ts): a `manualClock()` the test moves (link
   * expiry, the jobs' due times) instead of waiting for wall time. The system clock by default.
   */
  clock?: Clock;
  /**
   * The name lookup of the server's outgoing requests to user-given addresses
   * (lib/safety/name-lookup.ts): a test's own answers (a name re-pointed between two lookups) instead
   * of the system's.
   */
  lookup?: Resolve;
  /** `app`: no job workers and no webhook dispatcher here (another process does that work). Default `all`. */
  role?: 'all' | 'app';
}

/** Starts Sling in this process with `env` (a TestDatabase's env and the suite's settings). */
export async function startInProcessSling(env: Record<string, string>, opts: InProcessOptions = {}): Promise<InProcessSling> {
  if (open) throw new Error('an in-process Sling is already running in this test file; close it first');
  const starting = start(env, opts);
  open = starting;
  starting.catch(() => (open = undefined));
  return starting;
}

async function start(env: Record<string, string>, opts: InProcessOptions): Promise<InProcessSling> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  // As startSling's child gets it (sling-process.ts baseEnv): no deep scan, the test's log level.
  const restoreEnv = setEnv({ SAFETY_DEEP_SCAN: 'false', PORT: String(port), HOST: '127.0.0.1', BASE_URL: url, ...env });
  await dropProcessState();
  let running: RunningServer;
  let router: Router;
  try {
    const [{ startServer }, { createRouter }, { API_ROUTES }] = await Promise.all([
      import('../../server'),
      import('../../lib/api/router'),
      import('../../lib/api/routes'),
    ]);
    running = await startServer({ role: opts.role ?? 'all', pages: false, clock: opts.clock, lookup: opts.lookup });
    router = createRouter(API_ROUTES);
  } catch (err) {
    await dropProcessState();
    restoreEnv();
    throw err;
  }
  let closing: Promise<void> | undefined;
  const [{ database }, { loadConfig }] = await Promise.all([import('../../lib/db/database'), import('../../lib/config/load-config')]);
  const handle = await database();
  const config = loadConfig();
  // server.ts sets these on every API answer before the router writes its own (which win).
  const securityHeaders = Object.entries(apiHeaders({ https: config.BASE_URL.startsWith('https:'), dev: false }));
  const withSecurityHeaders = async (answer: Promise<Response>) => {
    const res = await answer;
    const headers = new Headers(res.headers);
    for (const [name, value] of securityHeaders) if (!headers.has(name)) headers.set(name, value);
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  };
  return {
    url,
    port,
    handle,
    seed: seedOn(handle, config),
    request: async (req) => {
      // server.ts puts the caller's address in this header (any incoming copy replaced): a test's
      // requests come from loopback, through X-Forwarded-For when TRUST_PROXY says so.
      const headers = new Headers(req.headers);
      const forwarded = headers.get('x-forwarded-for') ?? undefined;
      const socketLike = { socket: { remoteAddress: '127.0.0.1' }, headers: { 'x-forwarded-for': forwarded } } as unknown as IncomingMessage;
      headers.set(CLIENT_IP_HEADER, clientIp(socketLike, config.TRUST_PROXY));
      // A request off a socket always says how its body comes (Content-Length, or Transfer-Encoding
      // for a stream), and handlers go by that (read-json-body.ts: no length, no body); a Request
      // made in this process has neither, so its length is stated as fetch would send it.
      if (req.body !== null && !headers.has('content-length') && !headers.has('transfer-encoding')) {
        const bytes = new Uint8Array(await req.arrayBuffer());
        headers.set('content-length', String(bytes.byteLength));
        return withSecurityHeaders(router.request(new Request(req.url, { method: req.method, headers, body: bytes })));
      }
      return withSecurityHeaders(router.request(new Request(req, { headers })));
    },
    cli: async (args, input = '') => {
      const [{ runWithIo }, { runCli }, { Readable }] = await Promise.all([import('../../cli/cli-io'), import('../../cli/run-cli'), import('node:stream')]);
      let stdout = '';
      let stderr = '';
      const io: CliIo = {
        out: (text) => void (stdout += text),
        err: (text) => void (stderr += text),
        stdin: Readable.from([input]),
        hosted: { config, handle },
      };
      const code = await runWithIo(io, () => runCli(args));
      return { code: code || io.exitCode || 0, stdout, stderr };
    },
    close: () =>
      (closing ??= (async () => {
        try {
          await running.shutdown();
        } finally {
          await dropProcessState();
          restoreEnv();
          open = undefined;
        }
      })()),
  };
}

/** Sets `vars` on process.env; the returned function puts back what was there. */
function setEnv(vars: Record<string, string>): () => void {
  const before = new Map(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  return () => {
    for (const [k, v] of before) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
}

/**
 * Forgets every process-wide singleton (the configuration, the database, caches, limiters,
 * better-auth's instance), closing the few that hold a connection the server's shutdown does not
 * close: the next start reads its own environment and database, as a new process would.
 */
async function dropProcessState(): Promise<void> {
  const { forgetGlobalSingletons, getGlobalSingleton } = await import('../../lib/core/global-singleton');
  const jobSender = getGlobalSingleton<Promise<{ stop(o: object): Promise<void> }>>('jobSender');
  if (jobSender) await (await jobSender.catch(() => undefined))?.stop({ graceful: false, wait: true }).catch(() => {});
  getGlobalSingleton<{ close(): void }>('mailTransport')?.close();
  forgetGlobalSingletons();
}
