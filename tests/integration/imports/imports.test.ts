// Bulk import over REST v1 on Sling in the test process (the API through its router, the import job
// on its job system, redirects through its edge on loopback). Each format (our CSV, Bitly, YOURLS,
// Kutt) is checked on both databases with a small generated file that has every planned defect
// (tests/helpers/import-files.ts): the results row by row in the report (invalid and listed URLs
// refused, taken aliases and repeated rows skipped); uploading it again creates nothing. One file of
// 10,000 rows (our CSV, the streamed parser's common case) is imported on one database, for the
// scale: PostgreSQL when the run has it (as CI does: the database a large deployment runs, and the
// one where rows go to another process in batches), PGlite otherwise. Redirects keep answering while
// an import runs; another workspace cannot see the import; bad uploads are 4xx.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiClient, inProcess, offSchema, type ApiClient } from '../../helpers/api-client';
import { parseCsv } from '../../helpers/csv';
import { suiteDatabase, tempDir, type TestDatabase } from '../../helpers/databases';
import { importFile, plannedDefects, plannedRow, takenAlias, type ImportFixtureFormat } from '../../helpers/import-files';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { feedHost, hostList } from '../../helpers/threat-feeds';
import { until } from '../../helpers/until';

/** Each defect once (rows 7, 13, 21 and 42): the formats' parsing, mapping and errors. */
const SMALL = 50;
/** The scale: the file streamed through the job in batches, its report, its re-upload. */
const LARGE = 10_000;
const largeOn = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

type ImportJson = {
  id: string;
  status: string;
  format: string;
  rows: { total: number | null; processed: number; created: number; skipped: number; refused: number };
  report_url: string;
};

describe(`bulk import on ${suiteDatabase.name}`, () => {
  const kind = suiteDatabase.name;
  const createDatabase = suiteDatabase.migrated;
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let ann: ApiClient;
  let bob: ApiClient;
  let cy: ApiClient;

  beforeAll(async () => {
    tdb = await createDatabase();
    const dir = tempDir('sling-import-feeds-');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'hosts.txt'), hostList(10));
    sling = await startInProcessSling({
      ...tdb.env,
      SAFETY_FEEDS: join(dir, 'hosts.txt'),
      SAFETY_STRIKES_PER_HOUR: '100000',
      ENTERPRISE_LIMIT_PER_HOUR: '1000000',
      ENTERPRISE_LIMIT_PER_MINUTE: '100000',
    });
    const nobody = apiClient(inProcess(sling));
    ann = nobody.as({ token: await sling.seed.userWithToken('ann@example.com', { plan: 'enterprise' }) });
    bob = nobody.as({ token: await sling.seed.userWithToken('bob@example.com', { plan: 'enterprise' }) });
    cy = nobody.as({ token: await sling.seed.userWithToken('cy@example.com', { plan: 'free' }) });
    await until('the feed to be imported', async () => (await ann.call('createLink', { body: { url: `https://${feedHost(2)}/` } })).status === 422, {
      timeoutMs: 60_000,
    });
  }, 300_000);
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  /** POST /api/v1/imports with the file as the raw body (`query`: the format when it is named). */
  const upload = (api: ApiClient, data: BodyInit, query: { format?: string } = {}, type = 'text/csv', headers: Record<string, string> = {}) =>
    api.call('createImport', { query, raw: { type, data }, headers });
  const status = async (api: ApiClient, id: string) => (await api.call('getImport', { params: { id } })).json as ImportJson;
  const report = async (api: ApiClient, id: string) => api.call('getImportReport', { params: { id } });
  const finished = (api: ApiClient, id: string) =>
    until(
      `import ${id} to finish`,
      async () => {
        const s = await status(api, id);
        return s.status === 'done' || s.status === 'failed' ? s : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 250 },
    );

  async function takeAliases(series: string, rows: number) {
    const links = Array.from({ length: Math.ceil(rows / 1000) }, (_, k) => ({
      url: `https://example.org/taken/${series}/${k}`,
      alias: takenAlias(series, k * 1000 + 21),
    }));
    const res = await ann.call('bulkCreateLinks', { body: { links } });
    expect(res.status).toBe(200);
    expect(res.json.created).toBe(links.length);
  }

  function expectReport(format: ImportFixtureFormat, series: string, rows: number, csv: string, reupload: boolean) {
    const [header, ...lines] = parseCsv(csv).filter((r) => r.length > 1);
    expect(header).toEqual(['row', 'input', 'result', 'reason', 'short_link']);
    expect(lines).toHaveLength(rows);
    lines.forEach(([row, input, result, reason, shortLink], k) => {
      const i = k + 1;
      const planned = plannedRow(format, i, series);
      expect(Number(row)).toBe(i);
      expect(input.length).toBeGreaterThan(0);
      const e = planned.expected;
      if (reupload && e.result === 'created') {
        expect([result, reason], `row ${i}`).toEqual(['skipped', 'already imported']);
      } else if (reupload && e.result === 'skipped' && planned.alias !== undefined && /duplicate/.test(String(e.reason))) {
        expect(result, `row ${i}`).toBe('skipped');
      } else {
        expect(result, `row ${i}: ${reason}`).toBe(e.result);
        if (e.result === 'created') {
          expect(shortLink).toMatch(planned.alias ? new RegExp(`/${planned.alias}$`) : /\/[A-Za-z0-9]{7}$/);
          expect(reason).toBe('');
        } else {
          expect(reason, `row ${i}`).toMatch(e.reason);
          expect(shortLink).toBe('');
        }
      }
    });
    return lines;
  }

  /**
   * Imports a generated file of `rows` rows, checks its report row by row, then uploads it again.
   * `redirectWhileRunning`: a link's redirect is seen answering while the import is part done.
   */
  async function importAndReimport(format: ImportFixtureFormat, rows: number, series: string, redirectWhileRunning?: string) {
    await takeAliases(series, rows);
    const file = importFile(format, rows, series);
    // Detected from the file for two formats, named for the others.
    const query = format === 'bitly' || format === 'kutt' ? {} : { format };
    const res = await upload(ann, file, query, format === 'kutt' ? 'application/json' : 'text/csv');
    expect(res.status).toBe(202);
    const queued = res.json as ImportJson;
    expect(queued).toMatchObject({ format, status: expect.stringMatching(/queued|running/) });
    expect(res.headers.get('location')).toBe(`/api/v1/imports/${queued.id}`);
    if (redirectWhileRunning) {
      // Seen at least once: the import running (some rows done, not all) and the redirect answered.
      await until(
        'a redirect answered while the import is part done',
        async () => {
          const visit = await fetch(`${sling.url}/${redirectWhileRunning}`, { redirect: 'manual' });
          expect(visit.status).toBe(302);
          const s = await status(ann, queued.id);
          expect(s.status).not.toBe('failed');
          if (s.status === 'done') throw new Error('the import finished before a redirect was seen during it');
          return s.status === 'running' && s.rows.processed > 0;
        },
        { timeoutMs: 120_000, intervalMs: 50 },
      );
    }

    const done = await finished(ann, queued.id);
    const [invalid, listed, taken, repeated] = ([7, 13, 21, 42] as const).map((k) => plannedDefects(rows, k));
    const [refused, skipped] = [invalid + listed, taken + repeated];
    expect(refused).toBeGreaterThan(0);
    expect(skipped).toBeGreaterThan(0);
    expect(done).toMatchObject({ status: 'done', rows: { total: rows, processed: rows, created: rows - refused - skipped, skipped, refused } });
    expect(done.report_url).toBe(`/api/v1/imports/${queued.id}/report`);
    const csv = await report(ann, queued.id);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = expectReport(format, series, rows, csv.text, false);

    // A created link redirects to its row's destination, on the alias when the row had one (every
    // tenth row has one in every format).
    const sample = Math.min(rows, 1000);
    const [, , , , shortLink] = lines[sample - 1];
    const visit = await fetch(`${sling.url}${new URL(shortLink).pathname}`, { redirect: 'manual' });
    expect(visit.status).toBe(302);
    expect(visit.headers.get('location')).toBe(plannedRow(format, sample, series).url);
    if (format === 'csv') {
      // Row 6 (and every hundredth after it) carries an expiration; every row the file's tags.
      const listed = (await ann.call('listLinks', { query: { q: `example.com/${series}/6?` } })).json;
      expect(listed.links[0]).toMatchObject({ tags: ['imported', 'batch'], expiration: '2031-01-31T00:00:00.000Z' });
    }

    // Again: nothing new; what was created is "already imported".
    const again = (await upload(ann, file, { format })).json as ImportJson;
    const second = await finished(ann, again.id);
    expect(second.rows).toMatchObject({ total: rows, processed: rows, created: 0, refused, skipped: rows - refused });
    expectReport(format, series, rows, (await report(ann, again.id)).text, true);
  }

  const FORMATS: ImportFixtureFormat[] = ['csv', 'bitly', 'yourls', 'kutt'];

  test.each(FORMATS)(`%s: ${SMALL} generated rows with every planned defect, the report row by row, then the same file again creates nothing`, (format) =>
    importAndReimport(format, SMALL, format),
  );

  // One database is enough for the scale: the parser, the batches and the report are the same code on
  // both, and the formats' rows are checked on both above. Not declared on the other (CI fails on a
  // skipped test).
  if (kind === largeOn) {
    test(`at scale: ${LARGE.toLocaleString('en')} rows of our CSV, redirects answering while it runs, the report row by row, then the same file again creates nothing`, async () => {
      const link = (await ann.call('createLink', { body: { url: 'https://example.com/during', alias: 'during-import' } })).json;
      await importAndReimport('csv', LARGE, 'large-csv', link.short_code);
    }, 300_000);
  }

  test('a large file is counted and read a few hundred rows at a time: redirects are answered while it is still being counted', async () => {
    const link = (await bob.call('createLink', { body: { url: 'https://example.com/while-counting', alias: 'while-counting' } })).json;
    // Rows refused at the row check (not URLs), so the run after the count is quick.
    const rows = Array.from({ length: 40_000 }, (_, k) => `not-a-url-${k}`).join('\n');
    const res = await upload(bob, `url\n${rows}\n`, { format: 'csv' });
    expect(res.status).toBe(202);
    const { id } = res.json as ImportJson;
    // Seen once: counting (running, no total yet), then a redirect answered, then still counting. A
    // count that held the event loop could answer the redirect only once the total was known.
    await until(
      'a redirect answered while the file is being counted',
      async () => {
        const before = await status(bob, id);
        if (before.rows.total !== null) throw new Error('the file was counted through before a redirect was answered during the count');
        if (before.status !== 'running') return false;
        const visit = await fetch(`${sling.url}/${link.short_code}`, { redirect: 'manual' });
        expect(visit.status).toBe(302);
        const after = await status(bob, id);
        return after.status === 'running' && after.rows.total === null;
      },
      { timeoutMs: 60_000, intervalMs: 1 },
    );
    expect((await finished(bob, id)).rows).toMatchObject({ total: 40_000, processed: 40_000, refused: 40_000 });
  });

  test('a URL typed without a scheme is read as https://, as the dashboard reads it; a word that is no host stays refused', async () => {
    const { id } = (await upload(ann, 'url\nexample.org/typed-without-scheme\nnot-a-url\n', { format: 'csv' })).json as ImportJson;
    expect((await finished(ann, id)).rows).toMatchObject({ total: 2, created: 1, refused: 1 });
    const lines = parseCsv((await report(ann, id)).text).filter((r) => r.length > 1);
    expect(lines[2]).toEqual(['2', 'not-a-url', 'refused', expect.stringMatching(/^invalid URL/), '']);
    const shortLink = lines[1][4];
    const visit = await fetch(`${sling.url}${new URL(shortLink).pathname}`, { redirect: 'manual' });
    expect(visit.headers.get('location')).toBe('https://example.org/typed-without-scheme');
  });

  test('another workspace cannot see an import; bad uploads are 4xx', async () => {
    const { id } = (await upload(ann, 'url\nhttps://example.com/private-import\n', { format: 'csv' })).json as ImportJson;
    await finished(ann, id);
    expect((await bob.call('getImport', { params: { id } })).status).toBe(404);
    expect((await report(bob, id)).status).toBe(404);
    expect(((await bob.call('listImports')).json.imports as ImportJson[]).map((i) => i.id)).not.toContain(id);
    expect(((await ann.call('listImports')).json.imports as ImportJson[]).map((i) => i.id)).toContain(id);
    expect((await ann.call('getImport', { params: { id: 'imp_nonexistent000000' } })).status).toBe(404);

    // Multipart, as the dashboard sends it.
    const form = new FormData();
    form.set('format', 'yourls');
    form.set('file', new Blob(['keyword,url\nmp-1,https://example.com/multipart\n'], { type: 'text/csv' }), 'yourls.csv');
    const mp = await ann.call('createImport', { raw: { data: form } });
    expect(mp.status).toBe(202);
    const mpDone = await finished(ann, (mp.json as ImportJson).id);
    expect(mpDone).toMatchObject({ format: 'yourls', filename: 'yourls.csv', rows: { created: 1 } });

    const badFormat = await ann.call('createImport', { query: offSchema({ format: 'excel' }), raw: { type: 'text/csv', data: 'url\nhttps://example.com/\n' } });
    expect(badFormat.status).toBe(400);
    expect(badFormat.json.error).toMatchObject({ code: 'invalid_request', details: { format: expect.any(String) } });
    expect((await upload(ann, '', { format: 'csv' })).status).toBe(400);
    // A compressed file is refused, not read as rows of binary (uploads are stored compressed by Sling itself).
    const gz = new FormData();
    gz.set('file', new Blob([new Uint8Array(gzipSync('url\nhttps://example.com/gz\n'))], { type: 'application/gzip' }), 'links.csv.gz');
    const gzipped = await ann.call('createImport', { raw: { data: gz } });
    expect(gzipped.status).toBe(400);
    expect(gzipped.json.error).toMatchObject({ code: 'invalid_request', details: { file: 'Compressed files are not accepted.' } });
    const huge = await upload(ann, 'x', { format: 'csv' }, 'text/csv', { 'content-length': String(51 * 1024 * 1024) }).catch(() => undefined);
    if (huge) expect(huge.status).toBe(413);
    const broken = (await upload(ann, '{"data": [', { format: 'kutt' }, 'application/json')).json as ImportJson;
    expect(await finished(ann, broken.id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/not valid JSON/) });
  });

  test("the plan's daily quota: rows past it are refused with the quota's message", async () => {
    // Free: 500 new links a day (the default), and 10 API calls a minute, so this polls slowly.
    const rows = Array.from({ length: 1200 }, (_, k) => `https://example.com/quota/${k}`).join('\n');
    const { id } = (await upload(cy, `url\n${rows}\n`, { format: 'csv' })).json as ImportJson;
    const done = await until(
      'the quota import to finish',
      async () => {
        const s = await status(cy, id);
        return s.status === 'done' ? s : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 3000 },
    );
    expect(done.rows).toMatchObject({ processed: 1200, created: 500, refused: 700, skipped: 0 });
    expect(done.report_url).toBe(`/api/v1/imports/${id}/report`);
    const lines = parseCsv((await report(cy, id)).text).filter((r) => r.length > 1);
    expect(lines[500]).toEqual(['500', 'https://example.com/quota/499', 'created', '', expect.any(String)]);
    expect(lines[501]).toEqual(['501', 'https://example.com/quota/500', 'refused', expect.stringMatching(/^quota: .*500 new links per day/), '']);
  });

  test('POST /api/v1/links/bulk: per-item results, 400 over 100', async () => {
    const res = await ann.call('bulkCreateLinks', {
      body: offSchema({
        links: [
          { url: 'https://example.com/bulk-1', alias: 'bulk-one', tags: ['x'] },
          { url: 'nope' },
          { url: 'https://example.com/bulk-2', alias: 'bulk-one' },
          { url: `https://${feedHost(4)}/` },
          { url: 'https://example.com/3', colour: 'red' },
          'text',
        ],
      }),
    });
    expect(res.status).toBe(200);
    const body = res.json;
    expect(body).toMatchObject({ created: 1, failed: 5 });
    expect(body.results[0]).toMatchObject({ index: 0, status: 201, link: { short_code: 'bulk-one', tags: ['x'] } });
    expect(body.results[1]).toMatchObject({ index: 1, status: 400, error: { code: 'invalid_request', details: { url: expect.any(String) } } });
    expect(body.results[2]).toMatchObject({ index: 2, status: 409, error: { code: 'alias_taken' } });
    expect(body.results[3]).toMatchObject({ index: 3, status: 422, error: { code: 'unsafe_url' } });
    expect(body.results[4]).toMatchObject({ index: 4, status: 400, error: { code: 'invalid_request', details: { colour: 'Unknown field.' } } });
    expect(body.results[5]).toMatchObject({ index: 5, status: 400, error: { code: 'invalid_request' } });

    const over = await ann.call('bulkCreateLinks', {
      body: offSchema({ links: Array.from({ length: 101 }, (_, k) => ({ url: `https://example.com/o${k}` })) }),
    });
    expect(over.status).toBe(400);
    expect(over.json.error).toMatchObject({ code: 'invalid_request', details: { links: expect.stringMatching(/at most 100/) } });
    expect((await ann.call('bulkCreateLinks', { body: offSchema({ links: [] }) })).status).toBe(400);
    expect((await ann.call('bulkCreateLinks', { body: offSchema({ items: [] }) })).status).toBe(400);
  });
});
