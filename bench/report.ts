// The benchmark's printed summary: machine, settings, the raw-vs-Sling table, half load (alone and
// while QR codes render), link creation against a bare node:http POST and through a session against a
// token, and the clicks and links checks.
import { cpus, release, totalmem } from 'node:os';
import type { TargetResult } from './alternate';
import type { LoadResult } from './load-tool';
import type { LoopDelay } from './loop-delay-report';
import type { PacedResult } from './paced-load';
import { RENDER_CLIENTS, type RenderLoadResult } from './qr-render-load';

export interface MeasuredRun extends LoadResult {
  /** The server's CPU time (all threads, and its child processes) per response, in µs, its click backlog's included. */
  cpuUsPerRequest?: number;
  /** The main thread's (where the edge answers; PGlite and the CPU pool have their own threads). */
  mainCpuUsPerRequest?: number;
  /** Share of the machine's CPU the hypervisor took during the run. */
  steal?: number;
}

export interface ScenarioResult {
  name: string;
  raw: MeasuredRun;
  sling: MeasuredRun;
  /** Non-redirect responses and socket errors over every run of the scenario, both servers. */
  errors: number;
  /** Highest steal share seen in the scenario's measured runs. */
  maxSteal: number;
  /** Over every run on Sling, warm-up included: responses received and requests written. */
  slingResponses: number;
  slingSent: number;
}

/**
 * wrk stops with requests in flight, which Sling may or may not have answered (and recorded), so
 * the clicks written must lie between the responses wrk received and the requests it sent.
 */
export interface ClickCheck {
  exitCode: number | string;
  rows: number;
  /** Clicks stored as bots (the start-up checks use Node's fetch, whose agent is a bot): not counted. */
  bots: number;
  counters: number;
  min: number;
  max: number;
}

export function clickCheckPassed(c: ClickCheck): boolean {
  return c.exitCode === 0 && c.rows - c.bots === c.counters && c.rows >= c.min && c.rows <= c.max;
}

/** Link creation (Variant A) against the bench's bare node:http server returning constant JSON. */
export interface CreateResult {
  baseline: TargetResult;
  create: TargetResult;
  /** Statuses ≥ 400 and socket errors over every run of both. */
  errors: number;
  maxSteal: number;
  /** Links created by the checks before the load (exact). */
  exact: number;
}

/** POST /api/v1/links through a session cookie and through a token, one Sling process, alternating. */
export interface SessionTokenResult {
  session: TargetResult;
  token: TargetResult;
  errors: number;
  maxSteal: number;
  /** Links created by the checks before the load (exact). */
  exact: number;
}

/** Links the bench user owns after the stop: between the creations answered and those sent. */
export interface LinkCheck {
  links: number;
  min: number;
  max: number;
}

export function linkCheckPassed(c: LinkCheck): boolean {
  return c.links >= c.min && c.links <= c.max;
}

export interface Report {
  tool: string;
  fallback: boolean;
  database: string;
  connections: number;
  runSeconds: number;
  rounds: number;
  warmupSeconds: number;
  scenarios: ScenarioResult[];
  /** The pass that loads every code into Sling's cache (one visit each, as fast as it goes). */
  cold: PacedResult;
  half: {
    rate: number;
    seconds: number;
    sling: PacedResult;
    raw: PacedResult;
    /** Sling's event loop during its run (bench/loop-delay.mjs). */
    loop?: LoopDelay;
    /** How long Sling took to settle (finish writing earlier runs' clicks) before it. */
    settledMs: number;
  };
  /** Redirects at a fixed rate while clients render the largest QR codes. */
  renderLoad: RenderLoadResult;
  check: ClickCheck;
  create: CreateResult;
  sessionToken: SessionTokenResult;
  linkCheck: LinkCheck;
  /** Sling's warnings and errors. */
  slingLog: string[];
}

const THROUGHPUT_TARGET = 0.8;
/** The random and 200-connection scenarios (issue 20). */
const OTHER_THROUGHPUT_TARGET = 0.7;
/**
 * Issue 35, point 7: Sling's CPU per redirect (all its threads, its click writes included) against the
 * raw server's, for the hot link and for 10,000 links at random. Lower is better.
 */
const CPU_TARGETS: ReadonlyArray<{ scenario: RegExp; atMost: number }> = [
  { scenario: /^hot link$/, atMost: 1.3 },
  { scenario: /links, random$/, atMost: 1.5 },
];
const HALF_LOAD_P99_MS = 10;
const RENDER_LOAD_P99_MS = 50;
/** A session's creation as fast as a token's, within a shared VM's run-to-run noise. */
const SESSION_TARGET = 0.9;

export function printReport(r: Report) {
  const out = [
    '',
    `Sling redirect benchmark · ${new Date().toISOString().replace('T', ' ').slice(0, 19)} UTC`,
    ...header(r),
    '',
    ...table(r.scenarios),
    ...notes(r),
    '',
    ...halfLoad(r),
    '',
    ...createLinks(r),
    '',
    ...renderLoad(r),
    '',
    ...verdicts(r),
  ];
  console.log(out.join('\n'));
}

function header(r: Report): string[] {
  const cpu = cpus();
  return [
    `Machine:  ${cpu.length} cores (${cpu[0]?.model.trim() ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, ` +
      `${process.platform} ${release()} ${process.arch} · Node ${process.version}`,
    `Database: ${r.database}`,
    `Load:     ${r.tool}${r.fallback ? ' — FALLBACK, wrk not installed; latencies in whole ms' : ''}, ` +
      `${r.connections} connections, ${r.warmupSeconds} s warm-up then ${r.rounds} × ${r.runSeconds} s runs per side, ` +
      'alternating; best run of each side',
  ];
}

function table(scenarios: ScenarioResult[]): string[] {
  const head = ['scenario', 'raw req/s', 'Sling req/s', 'Sling/raw', 'raw p50', 'raw p99', 'Sling p50', 'Sling p99'];
  head.push('raw CPU/req', 'Sling CPU/req', 'Sling main', 'errors');
  return columns(
    head,
    scenarios.map((s) => [
      s.name,
      int(s.raw.rps),
      int(s.sling.rps),
      `${(s.sling.rps / s.raw.rps).toFixed(2)}×`,
      ms(s.raw.p50Ms),
      ms(s.raw.p99Ms),
      ms(s.sling.p50Ms),
      ms(s.sling.p99Ms),
      us(s.raw.cpuUsPerRequest),
      us(s.sling.cpuUsPerRequest),
      us(s.sling.mainCpuUsPerRequest),
      String(s.errors),
    ]),
  );
}

function columns(head: string[], rows: string[][]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  return [head, ...rows].map((row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
}

function notes(r: Report): string[] {
  const steal = Math.max(...r.scenarios.map((s) => s.maxSteal));
  const external = r.database.startsWith('PostgreSQL') ? "; PostgreSQL's CPU for the click writes is not in it" : '';
  return [
    `CPU/req: the server process's CPU time (all threads) per response in the best run${external}.`,
    `Highest hypervisor steal during a measured run: ${(steal * 100).toFixed(0)}% of the machine.`,
    `Cold cache: Sling served each of the ${int(r.cold.responses)} random-scenario codes once first, ` +
      `at ${int(r.cold.achievedRate)} req/s (a database lookup per visit).`,
  ];
}

function halfLoad(r: Report): string[] {
  const { rate, seconds, sling, raw } = r.half;
  const line = (p: PacedResult) => `p50 ${ms(p.p50Ms)}  p99 ${ms(p.p99Ms)}  max ${ms(p.maxMs)}`;
  return [
    `Half load: hot link, open loop at ${int(rate)} req/s (½ of Sling's best) for ${seconds} s, ` + 'latency from when each request was due',
    `  Sling  ${line(sling)}  (${int(sling.achievedRate)} req/s achieved)`,
    `  raw    ${line(raw)}  (same rate: the client's and loopback's floor)`,
    ...(raw.achievedRate < 0.95 * rate
      ? [
          `  NOT A MEASUREMENT OF SLING: even the raw server got only ${int(raw.achievedRate)} of ${int(rate)} req/s, so the machine (load generator included) could not hold this rate`,
        ]
      : []),
    `  Sling was left to settle for ${(r.half.settledMs / 1000).toFixed(1)} s first (earlier runs' clicks written); during the run its ` +
      (r.half.loop
        ? `event loop's delay was p99 ${r.half.loop.delay.p99Ms.toFixed(1)} ms, max ${r.half.loop.delay.maxMs.toFixed(1)} ms; ` +
          `${r.half.loop.gc.count} GC pauses, ${r.half.loop.gc.totalMs.toFixed(0)} ms in all, the longest ${r.half.loop.gc.maxMs.toFixed(1)} ms`
        : 'event-loop probe did not answer'),
  ];
}

function renderLoad(r: Report): string[] {
  const q = r.renderLoad;
  const line = (p: PacedResult) => `p50 ${ms(p.p50Ms)}  p99 ${ms(p.p99Ms)}  max ${ms(p.maxMs)}`;
  const others = q.otherStatuses.length ? `, ${q.otherStatuses.length} other answers (${[...new Set(q.otherStatuses)].join(', ')})` : '';
  return [
    `While QR codes render: hot link, open loop at ${int(q.rate)} req/s for ${q.seconds} s, while ${RENDER_CLIENTS} clients keep asking for`,
    `the largest QR code (PNG 4096 px, ecc H, logo): ${int(q.rendered)} rendered, ${int(q.busy)} × 503 busy${others}`,
    `  Sling  ${line(q.redirects)}  (${int(q.redirects.achievedRate)} req/s achieved)`,
    `         p99 ${(q.redirects.p99Ms / q.raw.p99Ms).toFixed(2)}× raw's and ${(q.redirects.p99Ms / q.alone.p99Ms).toFixed(2)}× Sling's at this rate without renders`,
    `  alone  ${line(q.alone)}  (Sling, same rate, no renders)`,
    `  raw    ${line(q.raw)}  (same rate: the client's and loopback's floor)`,
  ];
}

function createLinks(r: Report): string[] {
  const { baseline, create } = r.create;
  const { session, token } = r.sessionToken;
  const row = (name: string, t: TargetResult) => [
    name,
    int(t.best.rps),
    ms(t.best.p50Ms),
    ms(t.best.p99Ms),
    us(t.best.cpuUsPerRequest),
    `${(t.best.rps / baseline.best.rps).toFixed(2)}×`,
  ];
  return [
    'Link creation: POST /api.php (Variant A, bearer token, Enterprise plan with its limits raised, a new',
    'destination URL per request) against a bare node:http server answering the same POST with constant',
    'JSON (bench/constant-server.mjs, its own process), same load and body; runs alternate, best run of each',
    ...columns(
      ['request', 'req/s', 'p50', 'p99', 'CPU/req', 'vs node:http'],
      [row('node:http (constant JSON)', baseline), row('create link (/api.php)', create)],
    ).map((line) => `  ${line}`),
    `  Highest hypervisor steal during a measured run: ${(r.create.maxSteal * 100).toFixed(0)}% of the machine.`,
    '',
    'Link creation through a session cookie against a token: POST /api/v1/links, same body, same Sling',
    "process, runs alternate, best run of each; CPU/req is the Sling process's",
    ...columns(
      ['caller', 'req/s', 'p50', 'p99', 'CPU/req', 'vs token'],
      [session, token].map((t, i) => [
        i === 0 ? 'session cookie' : 'bearer token',
        int(t.best.rps),
        ms(t.best.p50Ms),
        ms(t.best.p99Ms),
        us(t.best.cpuUsPerRequest),
        `${(t.best.rps / token.best.rps).toFixed(2)}×`,
      ]),
    ).map((line) => `  ${line}`),
    `  Highest hypervisor steal during a measured run: ${(r.sessionToken.maxSteal * 100).toFixed(0)}% of the machine.`,
  ];
}

function verdicts(r: Report): string[] {
  const hot = r.scenarios[0];
  const ratio = hot.sling.rps / hot.raw.rps;
  const p99 = r.half.sling.p99Ms;
  const c = r.check;
  const errors = r.scenarios.reduce((n, s) => n + s.errors, 0);
  const created = r.create.create.best.rps / r.create.baseline.best.rps;
  const sessionRatio = r.sessionToken.session.best.rps / r.sessionToken.token.best.rps;
  const l = r.linkCheck;
  const target = (what: string, pass: boolean, got: string) => `Target  ${what.padEnd(42)}${pass ? 'PASS' : 'BELOW'} (${got})`;
  return [
    target(`hot-link throughput ≥ ${THROUGHPUT_TARGET}× raw`, ratio >= THROUGHPUT_TARGET, `${ratio.toFixed(2)}×`),
    ...r.scenarios
      .filter((s) => /connections|random/.test(s.name))
      .map((s) => {
        const x = s.sling.rps / s.raw.rps;
        return target(`${s.name} ≥ ${OTHER_THROUGHPUT_TARGET}× raw`, x >= OTHER_THROUGHPUT_TARGET, `${x.toFixed(2)}×`);
      }),
    ...CPU_TARGETS.flatMap(({ scenario, atMost }) => {
      const s = r.scenarios.find((x) => scenario.test(x.name));
      if (!s || s.sling.cpuUsPerRequest === undefined || s.raw.cpuUsPerRequest === undefined) return [];
      const x = s.sling.cpuUsPerRequest / s.raw.cpuUsPerRequest;
      return [
        target(
          `${s.name}: CPU per redirect ≤ ${atMost}× raw`,
          x <= atMost,
          `${x.toFixed(2)}×: ${us(s.sling.cpuUsPerRequest)} against ${us(s.raw.cpuUsPerRequest)}`,
        ),
      ];
    }),
    ...previewLine(r.scenarios),
    ...rulesLine(r.scenarios),
    target(`p99 < ${HALF_LOAD_P99_MS} ms at half load`, p99 < HALF_LOAD_P99_MS, ms(p99)),
    target(`p99 < ${RENDER_LOAD_P99_MS} ms while QR codes render`, r.renderLoad.redirects.p99Ms < RENDER_LOAD_P99_MS, ms(r.renderLoad.redirects.p99Ms)),
    target(`creation by session ≥ ${SESSION_TARGET}× by token`, sessionRatio >= SESSION_TARGET, `${sessionRatio.toFixed(2)}×`),
    `Info    link creation at ${created.toFixed(2)}× a bare node:http POST (the old target, ≥ 0.5× a bare Next route,`,
    '        has no baseline any more: Next no longer serves the API)',
    `Clicks  ${clickCheckPassed(c) ? 'OK' : 'MISMATCH'}: Sling exited ${c.exitCode}; ` +
      `clicks table ${int(c.rows)} rows (${int(c.bots)} bots, not counted), links.clicks total ${int(c.counters)}`,
    c.min === c.max
      ? `        redirects served: ${int(c.min)}`
      : `        redirects served: between ${int(c.min)} (responses received) and ${int(c.max)} ` +
        '(requests sent; the load tool stops with requests in flight)',
    `Links   ${linkCheckPassed(l) ? 'OK' : 'MISMATCH'}: the bench user owns ${int(l.links)} links; link-creation requests: ` +
      (l.min === l.max ? int(l.min) : `between ${int(l.min)} (responses received) and ${int(l.max)} (requests sent)`),
    `Errors  non-3xx responses + socket errors over all redirect runs: ${errors}`,
    `        responses ≥ 400 + socket errors over all link-creation runs: ${r.create.errors + r.sessionToken.errors}`,
    ...logSummary(r.slingLog),
  ];
}

/** Issue 19: the previewed link's redirect for browsers against the same redirect without a preview. */
function previewLine(scenarios: ScenarioResult[]): string[] {
  const plain = scenarios.find((s) => s.name === 'hot link, browser agent');
  const card = scenarios.find((s) => s.name.startsWith('link with a social preview'));
  if (!plain || !card) return [];
  const ratio = (s: ScenarioResult) => s.sling.rps / s.raw.rps;
  return [
    `Preview a link with a social preview redirected browsers at ${ratio(card).toFixed(2)}× raw (CPU ${us(card.sling.cpuUsPerRequest)}/req), ` +
      `the same link without one at ${ratio(plain).toFixed(2)}× (CPU ${us(plain.sling.cpuUsPerRequest)}/req); a link-preview bot got its Open Graph page (checked)`,
  ];
}

/** Issue 31: the link with ten rules against the plain hot link, both with a browser's agent (target ≥ 0.8×). */
function rulesLine(scenarios: ScenarioResult[]): string[] {
  const plain = scenarios.find((s) => s.name === 'hot link, browser agent');
  const ruled = scenarios.find((s) => s.name.startsWith('link with 10 rules'));
  const tested = scenarios.find((s) => s.name.startsWith('link with a 3-way A/B test'));
  if (!plain || !ruled) return [];
  return [
    ...(tested
      ? [
          `A/B     the link with a 3-way test (every visit a first one: drawn, signed cookie) redirected at ${(tested.sling.rps / plain.sling.rps).toFixed(2)}× the plain hot link (target ≥ 0.8×); ` +
            `CPU ${us(tested.sling.cpuUsPerRequest)}/req, main thread ${us(tested.sling.mainCpuUsPerRequest)}`,
        ]
      : []),
    `Rules   the link with 10 rules redirected at ${(ruled.sling.rps / plain.sling.rps).toFixed(2)}× the plain hot link (target ≥ 0.8×); ` +
      `CPU ${us(ruled.sling.cpuUsPerRequest)}/req against ${us(plain.sling.cpuUsPerRequest)}/req, main thread ${us(ruled.sling.mainCpuUsPerRequest)} against ${us(plain.sling.mainCpuUsPerRequest)}`,
  ];
}

/**
 * A POST still waiting for its body to be read when wrk closes the connection at the end of a run
 * ends in an "aborted" (ECONNRESET) error that Sling logs; those are counted, not listed.
 */
function logSummary(log: string[]): string[] {
  const aborted = log.filter(isClientAbort).length;
  const others = log.filter((line) => !isClientAbort(line));
  const abortNote = aborted ? `, ${int(aborted)} of them "aborted" (ECONNRESET): POSTs in flight when the load tool closed its connections` : '';
  return [
    `Log     Sling logged ${int(log.length)} warning/error record(s)${abortNote}${others.length ? `; the last ${aborted ? 'other ' : ''}ones:` : ''}`,
    ...others.slice(-10).map((line) => `  ${line}`),
  ];
}

function isClientAbort(line: string): boolean {
  try {
    const err = (JSON.parse(line) as { err?: { message?: unknown; code?: unknown } }).err;
    return err?.message === 'aborted' && err.code === 'ECONNRESET';
  } catch {
    return false;
  }
}

function int(n: number) {
  return Math.round(n).toLocaleString('en');
}

function us(n: number | undefined) {
  return n === undefined ? '?' : `${n.toFixed(1)} µs`;
}

function ms(n: number) {
  return `${n.toFixed(2)} ms`;
}
