// Requests whose target or method Next cannot route (issue 14): answered by server.ts in the JSON
// error shape, never a 500 and never a redirect to the host named in an absolute-form target.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startSling, type SlingProcess } from '../../helpers/sling-process';

/** One raw request (fetch cannot send TRACE, "*" or absolute-form targets). */
function raw(port: number, method: string, path: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: { host: `127.0.0.1:${port}` } }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('request targets and methods', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    sling = await startSling(tdb.env);
  });
  afterAll(async () => {
    await sling?.stop();
    await tdb?.drop();
  });

  test('TRACE is 405 and OPTIONS * is 204, both with Allow; neither reaches Next', async () => {
    const trace = await raw(sling.port, 'TRACE', '/');
    expect(trace.status).toBe(405);
    expect(trace.headers.allow).toMatch(/GET/);
    expect(JSON.parse(trace.body)).toMatchObject({ error: { code: 'method_not_allowed' } });
    const star = await raw(sling.port, 'OPTIONS', '*');
    expect(star.status).toBe(204);
    expect(star.headers.allow).toMatch(/OPTIONS/);
    expect(sling.output()).not.toMatch(/"level":50/);
  });

  test('an absolute-form target is served for its path on this host, never redirected to the host it names', async () => {
    const ready = await raw(sling.port, 'GET', 'http://evil.example/readyz');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ status: 'ready' });
    const page = await raw(sling.port, 'GET', 'http://evil.example/login');
    expect(page.status).toBe(200);
    expect(String(page.headers.location ?? '')).not.toContain('evil.example');
    const bad = await raw(sling.port, 'GET', '//evil.example/x');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ error: { code: 'invalid_request' } });
  });
});
