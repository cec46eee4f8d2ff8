// `sling start` for people: a short banner after the JSON log line (where to open, where the data
// is, how to change the port, how to stop), and a busy port is one line naming PORT instead of an
// EADDRINUSE stack trace.
import { createServer, type Server } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { freePort, runSling, startSling, type SlingProcess } from '../../helpers/sling-process';
import { until } from '../../helpers/until';

describe(`sling start on ${suiteDatabase.name}, as a person sees it`, () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;

  beforeAll(async () => {
    tdb = await suiteDatabase.empty();
    sling = await startSling(tdb.env);
  });
  afterAll(async () => {
    await sling?.stop();
    await tdb?.drop();
  });

  test('the banner names the URL to open, the data folder, the port and how to stop', async () => {
    await until('the banner', async () => sling.output().includes('Stop     press Ctrl+C'));
    const out = sling.output();
    expect(out).toContain(`Open     ${sling.url}\n`);
    // Where the data is, without DATABASE_URL's password.
    const data = tdb.databaseUrl
      ? `PostgreSQL at ${new URL(tdb.databaseUrl).host}${new URL(tdb.databaseUrl).pathname} (DATABASE_URL)`
      : `${resolve(tdb.dataDir)} (DATA_DIR, embedded database; back up this folder)`;
    expect(out).toContain(`Data     ${data}\n`);
    expect(out).toContain(`Port     ${sling.port} (PORT; to change it: PORT=${sling.port === 8080 ? 3000 : 8080} npm start)\n`);
    expect(out.match(/Sling is running\./g)).toHaveLength(1);
  });
});

describe('sling start on a port that is taken', () => {
  let tdb: TestDatabase;
  let squatter: Server;
  let port: number;

  beforeAll(async () => {
    tdb = await suiteDatabase.empty();
    port = await freePort();
    squatter = createServer();
    await new Promise<void>((ready) => squatter.listen(port, '127.0.0.1', ready));
  });
  afterAll(async () => {
    await new Promise((done) => squatter?.close(done));
    await tdb?.drop();
  });

  test('one line names PORT and the way out; no stack trace', async () => {
    const run = await runSling(['start'], { ...tdb.env, PORT: String(port), HOST: '127.0.0.1', BASE_URL: `http://127.0.0.1:${port}` });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      `Port ${port} is already in use (another Sling, or another program). Stop it, or start on another port: PORT=${port + 1} npm start`,
    );
    expect(run.stderr).not.toContain('EADDRINUSE');
  });
});
