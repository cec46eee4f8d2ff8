// `npm run soak`: the scale-out soak (tests/helpers/soak.ts) at full size — HAProxy on
// deploy/haproxy.cfg in front of two edges and an app, a worker, PostgreSQL and Redis; every
// instance restarted SOAK_ROUNDS times (default 3) under mixed traffic — printing every count,
// and exiting 1 if any check fails, including a link change not seen by both edges within 1 s.
// SOAK_DATABASE_URL / SOAK_REDIS_URL default to the local servers the tests use.
import { loadavg } from 'node:os';
import { runSoak } from '../tests/helpers/soak';

const report = await runSoak({
  pgUrl: process.env.SOAK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl: process.env.SOAK_REDIS_URL ?? 'redis://127.0.0.1:6379',
  rounds: Number(process.env.SOAK_ROUNDS ?? 3),
  redirectWorkers: Number(process.env.SOAK_REDIRECT_WORKERS ?? 8),
  apiWorkers: Number(process.env.SOAK_API_WORKERS ?? 2),
  links: 100,
  log: (line) => console.log(`  ${line}`),
});

const maxCacheMs = Math.max(...report.cacheVisibleMs);
const sortedEntries = (o: Record<string, number>) => Object.entries(o).sort(([a], [b]) => a.localeCompare(b));
const checks: Array<[string, boolean]> = [
  [`every instance restarted ${report.restarts.length / 4} times (${report.restarts.length} restarts)`, report.restarts.length > 0],
  [
    `failed requests not in flight at a kill: ${report.unexplainedFailures.length} (in flight at a kill: ${report.failuresInFlightAtKill})`,
    report.unexplainedFailures.length === 0,
  ],
  [
    `clicks stored ${report.clicksStored} = redirects answered 302 ${report.redirects} (links differing: ${report.clickMismatches.length})`,
    report.clicksStored === report.redirects && report.clickMismatches.length === 0,
  ],
  [
    `webhooks received ${report.webhooksReceived} = expected ${report.webhooksExpected}, duplicates ${report.webhookDuplicates}, unverified ${report.webhooksUnverified}`,
    report.webhooksReceived === report.webhooksExpected && report.webhookDuplicates === 0 && report.webhooksUnverified === 0,
  ],
  [`link changes seen by both edges: ${report.cacheVisibleMs.length}, slowest ${maxCacheMs} ms (≤ 1000 ms)`, maxCacheMs <= 1000],
  [
    `clicks by country ${JSON.stringify(report.clicksByCountry)} = by the visitors' addresses (PROXY protocol) ${JSON.stringify(report.expectedClicksByCountry)}`,
    JSON.stringify(sortedEntries(report.clicksByCountry)) === JSON.stringify(sortedEntries(report.expectedClicksByCountry)),
  ],
  [
    `anonymous shortening limited per client address: ${JSON.stringify(report.anonymousShortens)}`,
    Object.values(report.anonymousShortens).every((s) => s.join() === '201,201,429'),
  ],
];
console.log(
  `\nScale-out soak: ${report.trafficSeconds.toFixed(0)} s of traffic, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(`  ${report.redirects} redirects, ${report.apiCreates} links created and ${report.apiUpdates} changed through the API`);
console.log(`  link change → both edges (ms): ${report.cacheVisibleMs.join(', ')}`);
for (const [line, ok] of checks) console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${line}`);
if (report.unexplainedFailures.length > 0)
  console.log(JSON.stringify({ failures: report.unexplainedFailures.slice(0, 10), kills: report.kills, haproxy: report.haproxyEvents }, null, 2));
process.exit(checks.every(([, ok]) => ok) ? 0 : 1);
