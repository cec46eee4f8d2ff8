// For the router decision (docs/adr/0001-api-router.md): the same trivial JSON POST served behind
// node:http by (i) Sling's router (lib/api/router.ts, a one-route table, with lib/server/serve-api.ts),
// (ii) Hono on @hono/node-server and (iii) a bare node:http handler (bench/router-server.ts), each in
// its own process, loaded in turns on loopback; then the cost of one match on the real API table
// (lib/api/routes.ts) in ns, with Hono's routers on the same table for comparison.
// Hono is not a dependency: `npm install --no-save hono @hono/node-server` first, or it is skipped.
//   tsx bench/router-compare.ts          (BENCH_ROUNDS, BENCH_SECONDS, BENCH_CONNECTIONS to change the runs)
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { endChildren, freePort, type ServerProcess, startServer } from '../tests/helpers/processes';
import { onCleanup, runBench } from './cleanups';
import { machineTicks, stealShare, treeCpuSeconds } from './cpu-usage';
import { pickLoadTool, type PostLoad } from './load-tool';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PATH = '/api/v1/links';
const POST: PostLoad = { headers: { 'Content-Type': 'application/json' }, body: '{"url":"https://example.com/router/{n}"}' };
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function honoInstalled(): Promise<boolean> {
  try {
    await import('hono' as string);
    await import('@hono/node-server' as string);
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<number> {
  console.log(`Router comparison · ${new Date().toISOString().slice(0, 16)} UTC · ${cpus().length} × ${cpus()[0]?.model.trim()} · Node ${process.version}`);
  const hono = await honoInstalled();
  if (!hono) console.log('hono not installed, skipped (npm install --no-save hono @hono/node-server)');
  await matchCost(hono);

  const tmp = mkdtempSync(join(tmpdir(), 'sling-router-'));
  onCleanup(() => rmSync(tmp, { recursive: true, force: true }));
  onCleanup(() => endChildren());
  const { tool, fallback } = pickLoadTool(tmp);
  if (fallback) console.log('wrk not found on PATH: autocannon in this process instead (less reliable)');
  const kinds = ['raw', 'sling', ...(hono ? ['hono'] : [])];
  const servers: ServerProcess[] = [];
  for (const kind of kinds) {
    const port = await freePort();
    servers.push(
      startServer({
        group: true,
        name: kind,
        args: ['--import', 'tsx', join(ROOT, 'bench/router-server.ts'), kind],
        env: {},
        port,
        logFile: join(tmp, `${kind}.log`),
        cwd: ROOT,
      }),
    );
  }
  for (const s of servers) await waitForCreated(s);
  console.log(
    `\nOne JSON POST (read the body, answer 201 {"ok":true}) behind node:http; ${tool.name}, ${CONNECTIONS} connections, ` +
      `${ROUNDS} rounds of ${SECONDS} s per server after a 2 s warm-up, in turns; load average ${load()}`,
  );
  const best = new Map<string, { rps: number; cpu: number; p99: number }>();
  const run = async (s: ServerProcess, seconds: number) => {
    const pid = s.child.pid!;
    const [cpu, ticks] = [treeCpuSeconds(pid), machineTicks()];
    const r = await tool.run({ port: s.port, paths: [PATH], post: POST, connections: CONNECTIONS, seconds });
    const steal = stealShare(ticks, machineTicks()) ?? 0;
    const cpuUs = (((treeCpuSeconds(pid) ?? 0) - (cpu ?? 0)) * 1e6) / r.responses;
    if (r.badStatus + r.socketErrors > 0) throw new Error(`${s.name}: ${r.badStatus} bad statuses, ${r.socketErrors} socket errors`);
    return { rps: r.rps, cpu: cpuUs, p99: r.p99Ms, steal };
  };
  for (const s of servers) await run(s, 2);
  for (let round = 1; round <= ROUNDS; round++) {
    // The order turns each round, so no server always follows the same one.
    const order = servers.map((_, i) => servers[(i + round) % servers.length]);
    for (const s of order) {
      const r = await run(s, SECONDS);
      console.log(
        `  round ${round} · ${s.name.padEnd(5)} ${Math.round(r.rps).toLocaleString('en').padStart(7)} req/s  CPU ${r.cpu.toFixed(1)} µs/req  p99 ${r.p99.toFixed(2)} ms  steal ${(r.steal * 100).toFixed(0)}%  load ${load()}`,
      );
      const b = best.get(s.name);
      if (!b || r.rps > b.rps) best.set(s.name, r);
    }
  }
  const raw = best.get('raw')!;
  console.log(`\nBest run of each (req/s and CPU per request of the server process), load average now ${load()}:`);
  for (const [name, b] of best) {
    console.log(
      `  ${name.padEnd(5)} ${Math.round(b.rps).toLocaleString('en').padStart(7)} req/s (${(b.rps / raw.rps).toFixed(2)}× raw)  ` +
        `CPU ${b.cpu.toFixed(1)} µs/req (${(b.cpu - raw.cpu).toFixed(1)} µs over raw)  p99 ${b.p99.toFixed(2)} ms`,
    );
  }
  return 0;
}

/** POSTs until the server answers 201 (the router-server children take a few seconds to compile). */
async function waitForCreated(s: ServerProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`http://127.0.0.1:${s.port}${PATH}`, { method: 'POST', headers: POST.headers, body: POST.body.replace('{n}', 'check') }).catch(
      () => undefined,
    );
    const text = await res?.text().catch(() => '');
    if (res?.status === 201 && text === '{"ok":true}') return;
    if (res && res.status !== 201) throw new Error(`${s.name}: expected 201 {"ok":true}, got ${res.status} ${text}`);
    if (Date.now() > deadline || s.child.exitCode !== null) throw new Error(`${s.name} did not start (log: ${s.logFile})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Nanoseconds per match on the real API table: Sling's router, and Hono's routers when installed. */
async function matchCost(hono: boolean) {
  const { API_ROUTES } = await import('../lib/api/routes');
  const { createRouter } = await import('../lib/api/router');
  const router = createRouter(API_ROUTES);
  const paths = new Set(API_ROUTES.map((r) => r.path));
  const probes: Array<[string, string, string]> = [
    ['exact', 'POST', '/api/v1/links'],
    ['one parameter', 'GET', '/api/v1/links/12345'],
    ['parameter, then literal', 'GET', '/api/v1/links/12345/stats'],
    ['two parameters', 'GET', '/api/v1/webhooks/7/deliveries/99'],
    ['SCIM resource', 'GET', '/api/scim/v2/Users/2819c223-7f76-453a-919d-413861904646'],
    ['better-auth rest', 'POST', '/api/auth/sign-in/email'],
    ['no such path (404)', 'GET', '/api/v1/nothing/here/at/all'],
  ];
  console.log(
    `\nMatch cost on the real API table: ${API_ROUTES.length} routes on ${paths.size} paths; ns per match, best of 5 × 200,000; load average ${load()}`,
  );
  const matchers: Array<[string, (method: string, path: string) => unknown]> = [['Sling find()', (m, p) => router.find(m, p).kind]];
  if (hono) {
    const { RegExpRouter } = (await import('hono/router/reg-exp-router' as string)) as any;
    const { TrieRouter } = (await import('hono/router/trie-router' as string)) as any;
    const { SmartRouter } = (await import('hono/router/smart-router' as string)) as any;
    const honoPath = (p: string) => p.replace(/\{\.\.\.\w+\}$/, '*').replace(/\{(\w+)\}/g, ':$1');
    const fill = <R extends { add(method: string, path: string, handler: number): void }>(r: R) => {
      API_ROUTES.forEach((route, i) => r.add(route.method, honoPath(route.path), i));
      return r;
    };
    // Hono's default (what `new Hono()` uses): RegExpRouter when it takes the table, else TrieRouter.
    const smart = fill(new SmartRouter({ routers: [new RegExpRouter(), new TrieRouter()] }));
    smart.match('GET', '/api/v1/links');
    console.log(`  Hono's SmartRouter settled on ${smart.name} for this table`);
    try {
      fill(new RegExpRouter()).match('GET', '/api/v1/links');
    } catch (err) {
      console.log(`  Hono's RegExpRouter refuses the table: ${(err as Error).name} ${(err as Error).message}`);
    }
    const trie = fill(new TrieRouter());
    matchers.push(['Hono SmartRouter', (m, p) => smart.match(m, p)[0].length], ['Hono TrieRouter', (m, p) => trie.match(m, p)[0].length]);
    // Same answer? Hono runs the first handler registered that matches; Sling's literal segments win.
    const differ: string[] = [];
    for (const route of API_ROUTES) {
      const concrete = route.path.replace(/\{\.\.\.\w+\}$/, 'a/b').replace(/\{\w+\}/g, 'x1');
      const ours = router.find(route.method, concrete);
      const first = trie.match(route.method, concrete)[0][0]?.[0] as number | undefined;
      const theirs = first === undefined ? undefined : API_ROUTES[first];
      if (ours.kind !== 'route' || theirs !== ours.route)
        differ.push(
          `${route.method} ${concrete} (Sling: ${ours.kind === 'route' ? ours.route.path : ours.kind}; Hono, routes in table order: ${theirs?.path ?? 'none'})`,
        );
    }
    console.log(`  Routes Hono would send elsewhere than Sling, with the routes added in API_ROUTES order: ${differ.length} of ${API_ROUTES.length}`);
    for (const d of differ.slice(0, 5)) console.log(`    ${d}`);
  }
  const head = ['path', ...matchers.map(([n]) => n)];
  const rows = probes.map(([name, method, path]) => [
    `${name}: ${method} ${path.length > 40 ? `${path.slice(0, 37)}…` : path}`,
    ...matchers.map(([, fn]) => nsPerCall(() => fn(method, path)).toFixed(0)),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  for (const row of [head, ...rows]) console.log(`  ${row.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')}`);
}

function nsPerCall(fn: () => unknown, iterations = 200_000): number {
  let best = Infinity;
  let sink = 0;
  for (let rep = 0; rep < 5; rep++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) sink += fn() ? 1 : 0;
    best = Math.min(best, Number(process.hrtime.bigint() - start) / iterations);
  }
  if (sink < 0) console.log(sink); // keeps the calls from being optimised away
  return best;
}

runBench(main);
