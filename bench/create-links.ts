// Link creation through Variant A (POST /api.php, bearer token, JSON) against the bench's own
// baseline: a bare node:http server answering the same POST with constant JSON (constant-server.mjs,
// a child process), with the same load in the same run. The ratio is what creating a link costs
// against the floor of a JSON POST on node:http. Sling itself serves no route for the bench.
// Also link creation through a session cookie against a token (POST /api/v1/links, same body).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { alternate, type RunSettings } from './alternate';
import type { LoadTool, PostLoad } from './load-tool';
import type { CreateResult, SessionTokenResult } from './report';
import { freePort, type ServerProcess, startServer, waitUntilAnswering } from '../tests/helpers/processes';

const EMAIL = 'bench@example.com';
const PASSWORD = 'bench-password-123';
const BASELINE_PATH = '/api/v1/links'; // any path: the constant server answers every POST
/** `{n}` becomes a tag unique to each request, so every link has its own destination. */
const BODY = '{"url":"https://example.com/bench/{n}?utm_source=sling"}';

/** For the Sling process: the Enterprise plan's limits out of the way. */
export const CREATE_LINKS_ENV = {
  ENTERPRISE_LIMIT_PER_HOUR: '1000000000',
  ENTERPRISE_LIMIT_PER_MINUTE: '1000000000',
};

/** A server's environment for a create bench on PostgreSQL at `databaseUrl`: no Redis, quiet log, the limits above. */
export function createBenchEnv(port: number, dataDir: string, databaseUrl: string | undefined) {
  return {
    HOST: '127.0.0.1',
    BASE_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789abcdef',
    REDIS_URL: undefined,
    LOG_LEVEL: 'warn',
    ...CREATE_LINKS_ENV,
  };
}

export interface BenchAccount {
  userId: string;
  token: string;
}

/**
 * An Enterprise user and an API token, made with the CLI against the bench database. Runs before
 * Sling starts: PGlite allows one process per DATA_DIR.
 */
export function createBenchAccount(root: string, env: Record<string, string | undefined>): BenchAccount {
  const args = ['create', '--email', EMAIL, '--password-stdin', '--plan', 'enterprise'];
  const user = JSON.parse(lastLine(cli(root, env, ['users', ...args], `${PASSWORD}\n`))) as { id: string };
  const token = lastLine(cli(root, env, ['tokens', 'create', '--email', EMAIL, '--name', 'bench']));
  return { userId: user.id, token };
}

/** The bench's baseline for a POST: bench/constant-server.mjs in a child process, answering. */
export async function startConstantServer(root: string, logDir: string): Promise<ServerProcess> {
  const port = await freePort();
  const server = startServer({
    group: true,
    name: 'constant node:http',
    args: [join(root, 'bench/constant-server.mjs')],
    env: {},
    port,
    logFile: join(logDir, 'constant.log'),
    cwd: root,
  });
  await waitUntilAnswering(server, '/', 404);
  return server;
}

/**
 * Signs the bench user in as the dashboard does (POST /api/auth/sign-in/email with the app's
 * Origin): the Cookie header a browser would then send.
 */
export async function signInBench(baseUrl: string, port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${(await res.text()).slice(0, 300)}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('sign-in answered 200 without a session cookie');
  return cookie;
}

/** The POST of a link creation through the session cookie, as the dashboard sends it (same-origin). */
export function sessionPost(cookie: string, baseUrl: string, body = BODY): PostLoad {
  return { headers: { Cookie: cookie, Origin: baseUrl, 'Content-Type': 'application/json' }, body };
}

export function tokenPost(token: string, body = BODY): PostLoad {
  return { headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body };
}

/** Checks one answer of each kind, then alternates baseline (constant node:http) and creation (Sling) runs. */
export async function createLinksScenario(
  tool: LoadTool,
  sling: ServerProcess,
  baseline: ServerProcess,
  token: string,
  settings: RunSettings,
): Promise<CreateResult> {
  const post: PostLoad = {
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: BODY,
  };
  // wrk counts only statuses ≥ 400 as errors, so one answer of each is checked here, in full; the
  // links counted after the stop then show that every creation under load was a link (a 201).
  await expectAnswer(baseline, BASELINE_PATH, post, BODY.replace('{n}', 'check'), (body) => body === '{"ok":true}');
  await expectAnswer(sling, '/api.php', post, BODY.replace('{n}', 'check'), (body) => {
    const link = JSON.parse(body) as { short_code?: unknown; long_url?: unknown };
    return typeof link.short_code === 'string' && link.short_code.length === 7 && link.long_url === 'https://example.com/bench/check?utm_source=sling';
  });
  const r = await alternate(
    'link creation',
    tool,
    [
      { label: 'node:http', server: baseline, load: { paths: [BASELINE_PATH], post } },
      { label: 'create', server: sling, load: { paths: ['/api.php'], post } },
    ],
    settings,
  );
  return { baseline: r.a, create: r.b, errors: r.errors, maxSteal: r.maxSteal, exact: 1 };
}

/**
 * POST /api/v1/links through the bench user's session cookie and through its token, same body, same
 * Sling process, runs alternating: the session's cost on top of the token's.
 */
export async function sessionTokenScenario(
  tool: LoadTool,
  sling: ServerProcess,
  auth: { token: string; cookie: string; baseUrl: string },
  settings: RunSettings,
): Promise<SessionTokenResult> {
  const session = sessionPost(auth.cookie, auth.baseUrl);
  const token = tokenPost(auth.token);
  const isLink = (tag: string) => (body: string) =>
    (JSON.parse(body) as { long_url?: unknown }).long_url === (JSON.parse(BODY.replace('{n}', tag)) as { url: string }).url;
  await expectAnswer(sling, '/api/v1/links', session, BODY.replace('{n}', 'session-check'), isLink('session-check'));
  await expectAnswer(sling, '/api/v1/links', token, BODY.replace('{n}', 'token-check'), isLink('token-check'));
  const r = await alternate(
    'create: session vs token',
    tool,
    [
      { label: 'session', server: sling, load: { paths: ['/api/v1/links'], post: session } },
      { label: 'token', server: sling, load: { paths: ['/api/v1/links'], post: token } },
    ],
    settings,
  );
  return { session: r.a, token: r.b, errors: r.errors, maxSteal: r.maxSteal, exact: 2 };
}

export async function expectAnswer(sling: ServerProcess, path: string, post: PostLoad, body: string, bodyOk: (body: string) => boolean) {
  const res = await fetch(`http://127.0.0.1:${sling.port}${path}`, { method: 'POST', headers: post.headers, body });
  const text = await res.text();
  if (res.status !== 201 || !bodyOk(text)) {
    throw new Error(`Sling POST ${path}: expected 201 with the right JSON, got ${res.status} ${text.slice(0, 300)}`);
  }
}

function cli(root: string, env: Record<string, string | undefined>, args: string[], input?: string): string {
  const r = spawnSync(process.execPath, [join(root, 'bin/sling.mjs'), ...args], {
    cwd: root,
    input,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (r.status !== 0) {
    throw new Error(`sling ${args.slice(0, 2).join(' ')} failed (${r.status ?? r.signal}):\n${r.stdout}${r.stderr}`);
  }
  return r.stdout;
}

function lastLine(out: string): string {
  return out.trimEnd().split('\n').pop() ?? '';
}
