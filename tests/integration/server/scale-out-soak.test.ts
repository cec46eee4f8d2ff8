// The CI-sized scale-out soak (tests/helpers/soak.ts): HAProxy running deploy/haproxy.cfg in front
// of two edges and an app, a worker, PostgreSQL and Redis; mixed traffic while each instance is
// restarted once; every count exact, and every click placed by the visitor's own address, which
// HAProxy passes on in a PROXY header. The traffic is paced (each worker pauses 20 ms after each
// request): unpaced, its workers took both of CI's cores for the whole soak, slowing the restarts it
// waits for and every file running beside it, and left thousands of click webhooks to deliver before
// the counts. `npm run soak` runs the longer, unpaced one and prints the numbers.
import { describe, expect, test } from 'vitest';
import { haproxyPath, pgUrl, redisUrl } from '../../helpers/services';
import { runSoak } from '../../helpers/soak';

const [pg, redis, haproxy] = [pgUrl(), redisUrl(), haproxyPath()];

describe.skipIf(!pg || !redis || !haproxy)('scale-out: two edges, an app and a worker behind HAProxy', () => {
  test('restarting every instance in turn under traffic loses no request, click or webhook', async () => {
    const report = await runSoak({
      pgUrl: pg!,
      redisUrl: redis!,
      rounds: 1,
      redirectWorkers: 4,
      apiWorkers: 1,
      pauseMs: 20,
      links: 20,
      log: (l) => console.log(`[soak] ${l}`),
    });
    const { unexplainedFailures: failed, haproxyEvents, kills, ...counts } = report;
    console.log(`[soak] ${JSON.stringify(counts)}`);
    if (failed.length > 0) console.log(`[soak] failures ${JSON.stringify({ first: failed[0], last: failed.at(-1), kills, haproxyEvents })}`);
    expect(report.restarts).toEqual(['edge1', 'edge2', 'app', 'worker']);
    expect(report.unexplainedFailures).toEqual([]);
    expect(report.redirects).toBeGreaterThan(0);
    expect(report.clickMismatches).toEqual([]);
    expect(report.clicksStored).toBe(report.redirects);
    expect(report.apiCreates).toBeGreaterThan(20);
    expect(report.webhooksReceived).toBe(report.webhooksExpected);
    expect(report.webhookDuplicates).toBe(0);
    expect(report.webhooksUnverified).toBe(0);
    // Each link change reached both edges (the 1-second bound is `npm run soak`'s to measure).
    expect(report.cacheVisibleMs).toHaveLength(5);
    // HAProxy's PROXY header carried each visitor's own address: every click is placed in its
    // visitor's country (the probes, sent to the edges directly from an unplaced address: 'none'),
    // and the anonymous shortener's per-address limit counts each client apart.
    expect(report.clicksByCountry).toEqual(report.expectedClicksByCountry);
    expect(Object.keys(report.clicksByCountry).sort()).toEqual(['BR', 'DE', 'JP', 'NZ', 'none']);
    expect(report.anonymousShortens).toEqual({ '127.0.0.41': [201, 201, 429], '127.0.0.42': [201, 201, 429] });
  }, 600_000);
});
