// The benchmark's printed summary: machine, settings, the raw-vs-Sling table, half load, clicks.
import { cpus, release, totalmem } from 'node:os';
import type { LoadResult } from './load-tool';
import type { PacedResult } from './paced-load';

export interface MeasuredRun extends LoadResult {
  /** The server process's CPU time (all threads) per response, in µs. */
  cpuUsPerRequest?: number;
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
  counters: number;
  min: number;
  max: number;
}

export function clickCheckPassed(c: ClickCheck): boolean {
  return c.exitCode === 0 && c.rows === c.counters && c.rows >= c.min && c.rows <= c.max;
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
  half: { rate: number; seconds: number; sling: PacedResult; raw: PacedResult };
  check: ClickCheck;
  /** Sling's warnings and errors. */
  slingLog: string[];
}

const THROUGHPUT_TARGET = 0.8;
const HALF_LOAD_P99_MS = 10;

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
  head.push('raw CPU/req', 'Sling CPU/req', 'errors');
  const rows = scenarios.map((s) => [
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
    String(s.errors),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  return [head, ...rows].map((row) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '),
  );
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
    `Half load: hot link, open loop at ${int(rate)} req/s (½ of Sling's best) for ${seconds} s, ` +
      'latency from when each request was due',
    `  Sling  ${line(sling)}  (${int(sling.achievedRate)} req/s achieved)`,
    `  raw    ${line(raw)}  (same rate: the client's and loopback's floor)`,
  ];
}

function verdicts(r: Report): string[] {
  const hot = r.scenarios[0];
  const ratio = hot.sling.rps / hot.raw.rps;
  const p99 = r.half.sling.p99Ms;
  const c = r.check;
  const errors = r.scenarios.reduce((n, s) => n + s.errors, 0);
  const target = (what: string, pass: boolean, got: string) => `Target  ${what.padEnd(34)}${pass ? 'PASS' : 'BELOW'} (${got})`;
  return [
    target(`hot-link throughput ≥ ${THROUGHPUT_TARGET}× raw`, ratio >= THROUGHPUT_TARGET, `${ratio.toFixed(2)}×`),
    target(`p99 < ${HALF_LOAD_P99_MS} ms at half load`, p99 < HALF_LOAD_P99_MS, ms(p99)),
    `Clicks  ${clickCheckPassed(c) ? 'OK' : 'MISMATCH'}: Sling exited ${c.exitCode}; ` +
      `clicks table ${int(c.rows)} rows, links.clicks total ${int(c.counters)}`,
    c.min === c.max
      ? `        redirects served: ${int(c.min)}`
      : `        redirects served: between ${int(c.min)} (responses received) and ${int(c.max)} ` +
        '(requests sent; the load tool stops with requests in flight)',
    `Errors  non-3xx responses + socket errors over all runs: ${errors}`,
    `Log     Sling logged ${r.slingLog.length} warning/error record(s)${r.slingLog.length ? ', the last ones:' : ''}`,
    ...r.slingLog.slice(-10).map((line) => `  ${line}`),
  ];
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
