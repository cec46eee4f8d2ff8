// Link creation through Variant A (POST /api.php, bearer token, JSON) against a bare Next route
// handler returning constant JSON (POST /api/v1/bench-constant, which answers only with
// SLING_BENCH_ROUTES=1), both on the one Sling process with the same load: the ratio is what
// creating a link costs on top of Next's own floor for a POST.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { alternate, type RunSettings } from './alternate';
import type { LoadTool, PostLoad } from './load-tool';
import type { CreateResult } from './report';
import type { ServerProcess } from './servers';

const EMAIL = 'bench@example.com';
const BASELINE_PATH = '/api/v1/bench-constant';
/** `{n}` becomes a tag unique to each request, so every link has its own destination. */
const BODY = '{"url":"https://example.com/bench/{n}?utm_source=sling"}';

/** For the Sling process: the baseline route on, and the Enterprise plan's limits out of the way. */
export const CREATE_LINKS_ENV = {
  SLING_BENCH_ROUTES: '1',
  ENTERPRISE_LIMIT_PER_HOUR: '1000000000',
  ENTERPRISE_LIMIT_PER_MINUTE: '1000000000',
};

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
  const user = JSON.parse(lastLine(cli(root, env, ['users', ...args], 'bench-password-123\n'))) as { id: string };
  const token = lastLine(cli(root, env, ['tokens', 'create', '--email', EMAIL, '--name', 'bench']));
  return { userId: user.id, token };
}

/** Checks one answer of each kind, then alternates baseline and creation runs on `sling`. */
export async function createLinksScenario(
  tool: LoadTool,
  sling: ServerProcess,
  token: string,
  settings: RunSettings,
): Promise<CreateResult> {
  const post: PostLoad = {
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: BODY,
  };
  // wrk counts only statuses ≥ 400 as errors, so one answer of each is checked here, in full; the
  // links counted after the stop then show that every creation under load was a link (a 201).
  await expectAnswer(sling, BASELINE_PATH, post, BODY.replace('{n}', 'check'), (body) => body === '{"ok":true}');
  await expectAnswer(sling, '/api.php', post, BODY.replace('{n}', 'check'), (body) => {
    const link = JSON.parse(body) as { short_code?: unknown; long_url?: unknown };
    return typeof link.short_code === 'string' && link.short_code.length === 7 && link.long_url === 'https://example.com/bench/check?utm_source=sling';
  });
  const r = await alternate(
    'link creation',
    tool,
    [
      { label: 'bare route', server: sling, load: { paths: [BASELINE_PATH], post } },
      { label: 'create', server: sling, load: { paths: ['/api.php'], post } },
    ],
    settings,
  );
  return { baseline: r.a, create: r.b, errors: r.errors, maxSteal: r.maxSteal, exact: 1 };
}

async function expectAnswer(
  sling: ServerProcess,
  path: string,
  post: PostLoad,
  body: string,
  bodyOk: (body: string) => boolean,
) {
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
