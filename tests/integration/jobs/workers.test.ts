// The job system as operators run it: worker processes, cron-free manual runs, a worker killed in
// the middle of a job, retries ending in the dead-letter queue, and jobs that wait for a restart.
// The `sling` commands run in this process (cli-in-process.ts, or the running Sling's cli() as its
// admin socket runs them); Sling started after jobs were sent runs in this process too. The workers
// on PostgreSQL stay built server processes: their pids, and killing one mid-job, are the subject.
// The in-process Sling goes by the test's clock (lib/core/clock.ts): a link's expiry passes when the
// test moves it, for the edge and for the expiry job alike. The workers' retries, backoff and the
// expiry of a lost job are pg-boss's own, timed by the database's clock, which a test cannot move:
// the test moves the job's own times instead (its start back, a retry's due time forward), and
// waits only for pg-boss's maintenance and polls (JOBS_MAINTENANCE_SECONDS, JOBS_POLL_SECONDS: jobs the
// test process sends with pg-boss directly, without announcing them on the bus).
import { SYSTEM_WORKSPACE_ID } from '../../../db/schema';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { openJobSystem } from '../../../lib/jobs/job-system';
import { jobStatus } from '../../../lib/jobs/job-status';
import { createLink } from '../../../lib/links/create-link';
import { describeOnPostgres, suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { openTestContext } from '../../helpers/open-test-handle';
import { openCliInProcess, type CliRun } from '../../helpers/cli-in-process';
import { startInProcessSling } from '../../helpers/in-process-sling';
import { startSling, type SlingProcess } from '../../helpers/sling-process';
import { until } from '../../helpers/until';
import { manualClock } from '../../../lib/core/clock';

const FAST_JOBS = { JOBS_MAINTENANCE_SECONDS: '1', JOBS_POLL_SECONDS: '1' };
/** What a `sling` process takes when BASE_URL is unset (vitest puts its own, '/', into this process's environment). */
const CLI_BASE_URL = { BASE_URL: 'http://localhost:3000' };

type Run = (args: string[]) => Promise<CliRun>;

/** A `sling` command through `run`: its stdout, or an error when it fails. */
async function sling(run: Run, args: string[]) {
  const result = await run(args);
  if (result.code !== 0) throw new Error(`sling ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
  return result.stdout.trim();
}

const status = async (run: Run) => JSON.parse(await sling(run, ['jobs', 'status', '--json'])) as Array<Record<string, number | string>>;

describe(`jobs on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
  });
  afterAll(() => tdb?.drop());

  test('jobs sent while Sling is stopped run when it starts; the expiry job fires link.expired by the clock; events tail shows the outbox', async () => {
    const env = tdb.env;
    const HOUR = 3_600_000;
    // Sling stopped: the commands open the data themselves (in this process).
    const cli = await openCliInProcess({ ...env, ...CLI_BASE_URL });
    const offline: Run = (args) => cli.run(args);
    let probeId: string;
    let expires: string;
    try {
      const later = new Date(Date.now() + HOUR).toISOString();
      const link = JSON.parse(await sling(offline, ['links', 'create', '--url', 'https://example.com/soon', '--alias', 'soon', '--expires', later]));
      expect(link).toMatchObject({ status: 'active', expiration: later });
      // An operator moves the expiry an hour later.
      expires = new Date(Date.parse(later) + HOUR).toISOString();
      expect(JSON.parse(await sling(offline, ['links', 'update', '--code', 'soon', '--expires', expires]))).toMatchObject({
        status: 'active',
        expiration: expires,
      });
      probeId = await sling(offline, ['jobs', 'probe']);
      expect(probeId).toMatch(/^[0-9a-f-]{36}$/);
      await sling(offline, ['jobs', 'run', 'links.expire']);
      const before = await status(offline);
      expect(before.find((q) => q.queue === 'probe')).toMatchObject({ queued: 1, completed: 0 });
      expect(before.find((q) => q.queue === 'links.expire')).toMatchObject({ queued: 1, cron: null }); // no worker has run yet
    } finally {
      await cli.close();
    }

    // Sling starts with its clock past the new expiry (as if the two hours had gone by while it was
    // stopped): the expiry job it then runs goes by that clock, not the wall clock.
    const clock = manualClock(Date.parse(expires) + 1_000);
    const server = await startInProcessSling(env, { clock });
    try {
      // The commands now run inside the server, as its admin socket runs them.
      const online: Run = (args) => server.cli(args);
      // The job system runs behind the server; the edge already refuses the link by the clock.
      expect((await fetch(`${server.url}/soon`, { redirect: 'manual' })).status).toBe(410);
      const queues = await until('both jobs to run', async () => {
        const q = await status(online);
        const completed = (queue: string) => Number(q.find((r) => r.queue === queue)?.completed ?? 0);
        return completed('probe') >= 1 && completed('links.expire') >= 1 && q;
      });
      expect(queues.find((q) => q.queue === 'probe')).toMatchObject({ queued: 0, completed: 1 });
      expect(queues.find((q) => q.queue === 'links.expire')).toMatchObject({ queued: 0, completed: expect.any(Number), cron: '* * * * *' });

      const lines = (await sling(online, ['events', 'tail', '--limit', '10'])).split('\n').map((l) => JSON.parse(l));
      expect(lines.map((e) => e.event)).toEqual(['link.created', 'link.updated', 'link.expired']);
      expect(lines[2]).toMatchObject({ id: expect.stringMatching(/^evt_/), data: { short_code: 'soon', status: 'expired', reason: 'expiration' } });
      const onlyExpired = (await sling(online, ['events', 'tail', '--type', 'link.expired'])).split('\n');
      expect(onlyExpired).toHaveLength(1);
      const table = await sling(online, ['jobs', 'status']);
      expect(table.split('\n')[0]).toMatch(/^queue\s+queued\s+active\s+retrying\s+completed\s+failed\s+dead-letter\s+cron$/);

      const bad = await online(['jobs', 'run', 'nope']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(
        /queue is one of: links\.expire, analytics\.retention, analytics\.partitions, analytics\.visitor-sketches, analytics\.workspace-sketches, webhooks\.prune, events\.prune, safety\.import-feeds, events\.weekly-summary, safety\.deep-scan, domains\.check, domains\.recheck, certificates\.issue, links\.import, probe/,
      );
    } finally {
      await server.close();
    }
  }, 180_000);
});

describeOnPostgres('jobs with worker processes on PostgreSQL', () => {
  let tdb: TestDatabase;
  let ctx: Awaited<ReturnType<typeof openTestContext>>;
  let cli: Awaited<ReturnType<typeof openCliInProcess>>;
  let run: Run;
  const workers: SlingProcess[] = [];
  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    ctx = await openTestContext(tdb);
    cli = await openCliInProcess({ ...tdb.env, ...CLI_BASE_URL });
    run = (args) => cli.run(args);
  });
  // Each test starts its own workers; none may outlive it and take the next test's jobs.
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop('SIGKILL')));
  });
  afterAll(async () => {
    await cli?.close();
    await ctx?.handle.close();
    await tdb?.drop();
  });
  const worker = async () => {
    const w = await startSling({ ...tdb.env, ...FAST_JOBS }, ['--role', 'worker']);
    workers.push(w);
    return w;
  };
  const job = async (id: string) =>
    (
      await ctx.handle.query<{ state: string; retry_count: number; output: { latencyMs?: number; worker?: number } | null }>(
        'SELECT state, retry_count, output FROM pgboss.job WHERE id = $1',
        [id],
      )
    )[0];

  test('two workers write link.expired exactly once for each of 100 links expiring together', async () => {
    // Made to expire in an hour, then their expiry moved into the past together (however long the
    // creations took on a busy machine), as if the hour had gone by.
    const expiresAt = new Date(Date.now() + 3_600_000);
    const ids: number[] = [];
    for (let i = 0; i < 100; i++) ids.push((await createLink({ workspaceId: SYSTEM_WORKSPACE_ID, url: `https://example.com/${i}`, expiresAt }, ctx)).id);
    const pair = await Promise.all([worker(), worker()]);
    await ctx.handle.query(`UPDATE links SET expires_at = now() - interval '1 second' WHERE id = ANY($1)`, [ids]);
    // Several sweeps at once, so both workers run them side by side.
    await Promise.all([1, 2, 3, 4].map(() => sling(run, ['jobs', 'run', 'links.expire'])));
    const expiredCount = async () =>
      (await ctx.handle.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE type = 'link.expired' AND link_id = ANY($1)`, [ids]))[0].n;
    await until('100 link.expired events', async () => (await expiredCount()) >= 100);
    // Polled in the test process with the function `jobs status` runs; then shown by the command.
    // At least the four sent: the workers' minutely schedule may add its own sweep when a minute turns
    // during the test (it did on a loaded machine), and it must not write a second event either.
    await until('every sweep to finish', async () => (await jobStatus(ctx.handle)).find((q) => q.queue === 'links.expire')!.completed >= 4 || undefined);
    expect((await status(run)).find((q) => q.queue === 'links.expire')!.completed).toBeGreaterThanOrEqual(4);
    const perLink = await ctx.handle.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events WHERE type = 'link.expired' AND link_id = ANY($1) GROUP BY link_id`,
      [ids],
    );
    expect(perLink).toHaveLength(100);
    expect(perLink.every((r) => r.n === 1)).toBe(true);
    const states = await ctx.handle.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM links WHERE id = ANY($1) GROUP BY status`, [
      ids,
    ]);
    expect(states).toEqual([{ status: 'expired', n: 100 }]);
    // Both workers' cron timers sent the sweep of the minute they started in (and of any minute
    // turning since): one job per minute between them, keyed by the minute.
    const cronSweeps = await ctx.handle.query<{ key: string; n: number }>(
      `SELECT singleton_key AS key, count(*)::int AS n FROM pgboss.job WHERE name = 'links.expire' AND singleton_key LIKE 'cron %' GROUP BY 1`,
    );
    expect(cronSweeps.length).toBeGreaterThan(0);
    expect(cronSweeps.filter((r) => r.n !== 1)).toEqual([]);

    // Every job runs once, and both workers take jobs from the same queue.
    const boss = await openJobSystem(ctx.handle, { work: false });
    try {
      const sent = await Promise.all(Array.from({ length: 20 }, () => boss.send('probe', { holdSeconds: 0.3 })));
      const done = await until('20 probes to complete', async () => {
        const rows = await Promise.all(sent.map((id) => job(id!)));
        return rows.every((r) => r.state === 'completed') && rows;
      });
      expect(done.every((r) => r.retry_count === 0)).toBe(true);
      expect(new Set(done.map((r) => r.output?.worker))).toEqual(new Set(pair.map((w) => w.child.pid)));
    } finally {
      await boss.stop({ graceful: false, close: false });
    }
    await Promise.all(pair.map((w) => w.stop()));
  }, 90_000);

  test("a job sent by another process wakes an idle worker at once, long before the worker's own poll", async () => {
    // Its safety poll 60 s away: only the send's announcement on the bus (PostgreSQL NOTIFY) can wake it in time.
    const idle = await startSling({ ...tdb.env, JOBS_POLL_SECONDS: '60' }, ['--role', 'worker']);
    workers.push(idle);
    const id = await sling(run, ['jobs', 'probe']);
    const done = await until('the probe to complete', async () => (await job(id))?.state === 'completed' && (await job(id)), { timeoutMs: 20_000 });
    expect(done.output?.worker).toBe(idle.child.pid);
  });

  test('a worker killed in the middle of a job: the job runs again after a worker restarts', async () => {
    const first = await worker();
    const id = await sling(run, ['jobs', 'probe', '--hold', '4']);
    await until('the probe to start', async () => (await job(id))?.state === 'active');
    await first.stop('SIGKILL');
    expect((await job(id)).state).toBe('active'); // nobody finished it
    // pg-boss fails a lost job once its start is older than its expiry (hold + 2 s) by the database's
    // clock, which no test can move: the job's start goes back an hour instead, as if that time had passed.
    await ctx.handle.query(`UPDATE pgboss.job SET started_on = started_on - interval '1 hour' WHERE id = $1`, [id]);
    const second = await worker();
    const done = await until('the probe to complete on the new worker', async () => {
      // Its retry's backoff, too, is made due now.
      await ctx.handle.query(`UPDATE pgboss.job SET start_after = now() WHERE id = $1 AND state = 'retry' AND start_after > now()`, [id]);
      const j = await job(id);
      return j.state === 'completed' && j;
    });
    expect(done.retry_count).toBe(1);
    expect(done.output).toMatchObject({ latencyMs: expect.any(Number) });
    await second.stop();
  }, 90_000);

  test('a failing job is retried with backoff, then lands in the dead-letter queue shown by jobs status', async () => {
    const w = await worker();
    const id = await sling(run, ['jobs', 'probe', '--fail']);
    // Each retry waits out its backoff (1–2 s, then 2–4 s) by the database's clock, which no test can
    // move: a retry scheduled later (the backoff) is made due now instead, as if that time had passed.
    await until('the probe to fail for good', async () => {
      await ctx.handle.query(`UPDATE pgboss.job SET start_after = now() WHERE id = $1 AND state = 'retry' AND start_after > now()`, [id]);
      return (await jobStatus(ctx.handle)).find((s) => s.queue === 'probe')!.dead_letter === 1;
    });
    // The backoff itself is pg-boss's: the job carries the queue's (a 1 s delay, doubling).
    const [retries] = await ctx.handle.query<{ backoff: boolean; delay: number }>(
      'SELECT retry_backoff AS backoff, retry_delay AS delay FROM pgboss.job WHERE id = $1',
      [id],
    );
    expect(retries).toEqual({ backoff: true, delay: 1 });
    const probe = (await status(run)).find((s) => s.queue === 'probe')!;
    expect(probe).toMatchObject({ failed: 1, dead_letter: 1 });
    const j = await job(id);
    expect(j).toMatchObject({ state: 'failed', retry_count: 2 });
    const waited = await run(['jobs', 'probe', '--wait']);
    expect(waited.code).toBe(0);
    expect(JSON.parse(waited.stdout.trim().split('\n')[1])).toMatchObject({ state: 'completed', output: { latencyMs: expect.any(Number) } });
    await w.stop();
  }, 90_000);
});
