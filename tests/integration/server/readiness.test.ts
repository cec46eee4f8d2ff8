// /readyz answers a fixed body: why Sling is not ready goes to the log, never to the client; while
// it drains after SIGTERM (SHUTDOWN_DRAIN_MS) it says so and everything else is still answered.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPostgresDatabase, type TestDatabase } from '../../helpers/databases';
import { pgUrl } from '../../helpers/services';
import { startSling, type SlingProcess } from '../../helpers/sling-process';
import { until } from '../../helpers/until';

const pgServer = pgUrl();

describe.skipIf(!pgServer)('/readyz on PostgreSQL', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;

  beforeAll(async () => {
    tdb = await createPostgresDatabase(pgServer!);
    // The edge role answers /readyz without Next.
    sling = await startSling({ ...tdb.env, SHUTDOWN_DRAIN_MS: '5000' }, ['--role', 'edge']);
  });
  afterAll(async () => {
    await sling?.stop();
    await tdb?.drop();
  });

  async function sql(text: string) {
    const client = new pg.Client({ connectionString: tdb.databaseUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  }

  async function notReady(logged: RegExp) {
    const res = await fetch(`${sling.url}/readyz`);
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.text()).toBe('{"status":"not_ready"}');
    const line = await until(
      'the reason in the log',
      async () =>
        sling
          .output()
          .split('\n')
          .find((l) => logged.test(l)),
      { timeoutMs: 5_000 },
    );
    expect(JSON.parse(line)).toMatchObject({ level: 40, msg: 'not ready', reason: expect.stringMatching(logged) });
  }

  test('ready: 200 {"status":"ready"}; not ready: 503 {"status":"not_ready"}, the reason only in the log', async () => {
    const ready = await fetch(`${sling.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.text()).toBe('{"status":"ready"}');

    // A migration this build ships is no longer recorded as applied.
    await sql('DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations)');
    await notReady(/migrations pending: \d+\/\d+ applied/);

    // The migrations table is gone: every migration counts as pending (not as an unreachable database).
    await sql('DROP TABLE drizzle.__drizzle_migrations');
    await notReady(/migrations pending: 0\/\d+ applied/);

    // The database answers with an error: its text stays out of the answer.
    await sql('CREATE VIEW drizzle.__drizzle_migrations AS SELECT id FROM generate_series(1, 1) AS id WHERE 1 / (id - 1) > 0');
    await notReady(/database unreachable: division by zero/);
  });

  test('SIGTERM with SHUTDOWN_DRAIN_MS: /readyz says 503 {"status":"draining"} while requests are still answered, then Sling exits 0', async () => {
    const exited = sling.stop('SIGTERM');
    await until('/readyz to say draining', async () => (await (await fetch(`${sling.url}/readyz`)).text()) === '{"status":"draining"}', { intervalMs: 50 });
    const health = await fetch(`${sling.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await exited).toBe(0);
  });
});
