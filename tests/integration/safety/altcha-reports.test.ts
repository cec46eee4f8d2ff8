// ALTCHA proof-of-work and abuse reports on Sling in the test process (the API through its router),
// on every database: anonymous shortening needs a solved challenge (refused missing, forged,
// tampered, expired or replayed — on any instance; token requests need none); POST /api/v1/reports
// stores a report about a short link of this instance (app host or a custom domain), refuses other
// URLs, limits per IP, and mails the reporter an acknowledgement. On PostgreSQL a second instance, a
// built server process, accepts the first one's challenge (two instances are that test's subject)
// and, having Next's pages, shows the report form prefilled from ?url=.
import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { altchaSecrets } from '../../../lib/altcha/altcha-secrets';
import { altchaPayload } from '../../helpers/altcha';
import { apiClient, inProcess, offSchema, overHttp, type ApiClient, type ApiResult } from '../../helpers/api-client';
import { describeOnPostgres, suiteDatabase, TEST_SECRET, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { startSling } from '../../helpers/sling-process';
import { startSmtpListener } from '../../helpers/smtp-listener';

type Smtp = Awaited<ReturnType<typeof startSmtpListener>>;
const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');

describe(`ALTCHA and abuse reports on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let smtp: Smtp;
  /** No credentials (a visitor), and the owner's token. */
  let nobody: ApiClient;
  let owner: ApiClient;
  let code: string;

  /** POST /api/v1/shorten with `body` as given (some are meant to be refused). */
  const shorten = (body: object) => nobody.call('shortenAnonymously', { body: offSchema(body) });
  /** POST /api/v1/reports with `body` as given, from the address in `headers`. */
  const report = (body: object, headers: Record<string, string> = {}) => nobody.call('submitAbuseReport', { body: offSchema(body), headers });
  const errorOf = (res: ApiResult) => (res.json as { error: { code: string; message: string; details?: Record<string, string> } }).error;

  beforeAll(async () => {
    tdb = await makeDb();
    smtp = await startSmtpListener();
    const env = { ...tdb.env, SECRET_KEY: TEST_SECRET, SMTP_URL: smtp.url, TRUST_PROXY: '1', REPORTS_PER_HOUR: '3', ALTCHA_MAX_COUNTER: '2000' };
    sling = await startInProcessSling(env);
    nobody = apiClient(inProcess(sling));
    owner = nobody.as({ token: await sling.seed.userWithToken('owner@example.com', { plan: 'pro' }) });
    const created = await owner.call('createLink', { body: { url: 'https://example.com/reported', alias: 'bad-link' } });
    expect(created.status).toBe(201);
    code = created.json.short_code;
  }, 300_000);
  afterAll(async () => {
    await sling?.close();
    await smtp?.close();
    await tdb?.drop();
  });

  test('GET /api/v1/altcha/challenge: a signed SHA-256 challenge that expires, never cached', async () => {
    const res = await nobody.fetch('/api/v1/altcha/challenge');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const challenge = await res.json();
    expect(challenge.parameters).toMatchObject({ algorithm: 'SHA-256', keySignature: expect.any(String), expiresAt: expect.any(Number) });
    expect(challenge.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  test('POST /api/v1/shorten without a solution, with garbage, forged, tampered or expired ones: 400 naming altcha', async () => {
    const url = 'https://example.com/anon';
    expect(errorOf(await shorten({ url }))).toMatchObject({ code: 'altcha_required', details: { altcha: 'Required.' } });
    expect(errorOf(await shorten({ url, altcha: 'bm90IGpzb24' }))).toMatchObject({ code: 'altcha_invalid', details: { altcha: expect.any(String) } });

    // Solved correctly, but signed with another key: not ours.
    const foreign = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 50,
      deriveKey,
      hmacSignatureSecret: 'another-secret',
      hmacKeySignatureSecret: 'another-key',
      expiresAt: Math.floor(Date.now() / 1000) + 300,
    });
    const foreignSolution = await solveChallenge({ challenge: foreign, deriveKey });
    const forged = errorOf(await shorten({ url, altcha: encode({ challenge: foreign, solution: foreignSolution }) }));
    expect(forged).toMatchObject({ code: 'altcha_invalid', message: expect.stringMatching(/not issued by this server/) });

    // Our challenge with a wrong answer.
    const real = await (await nobody.fetch('/api/v1/altcha/challenge')).json();
    const wrong = errorOf(await shorten({ url, altcha: encode({ challenge: real, solution: { counter: 1, derivedKey: '00'.repeat(32) } }) }));
    expect(wrong).toMatchObject({ code: 'altcha_invalid', message: expect.stringMatching(/not a solution/) });

    // Signed with the instance's key but past its expiry.
    const secrets = altchaSecrets(TEST_SECRET);
    const old = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 50,
      deriveKey,
      hmacSignatureSecret: secrets.challenge,
      hmacKeySignatureSecret: secrets.key,
      expiresAt: Math.floor(Date.now() / 1000) - 1,
    });
    const expired = errorOf(await shorten({ url, altcha: encode({ challenge: old, solution: await solveChallenge({ challenge: old, deriveKey }) }) }));
    expect(expired).toMatchObject({ code: 'altcha_invalid', message: expect.stringMatching(/expired/) });
  });

  test('POST /api/v1/shorten with a solved challenge: 201; the same solution again: 400 already used', async () => {
    const altcha = await altchaPayload(sling.url);
    const first = await shorten({ url: 'https://example.com/paid', altcha });
    expect(first.status).toBe(201);
    const replay = await shorten({ url: 'https://example.com/replayed', altcha });
    expect(replay.status).toBe(400);
    expect(errorOf(replay)).toMatchObject({ code: 'altcha_invalid', message: expect.stringMatching(/already used/) });
  });

  test('requests with a token need no proof-of-work', async () => {
    expect((await owner.call('createLink', { body: { url: 'https://example.com/token' } })).status).toBe(201);
    expect((await owner.call('apiPhpCreate', { body: { url: 'https://example.com/token-a' } })).status).toBe(201);
  });

  test('POST /api/v1/reports: 201 with the report, and the reporter gets an acknowledgement mail', async () => {
    const res = await report(
      {
        url: `${sling.url}/${code}`,
        reason: 'phishing',
        details: 'Asks for my bank password.',
        email: 'reporter@example.net',
        altcha: await altchaPayload(sling.url),
      },
      { 'x-forwarded-for': '203.0.113.50' },
    );
    expect(res.status).toBe(201);
    const stored = res.json;
    expect(stored).toMatchObject({ id: expect.any(Number), url: `${sling.url}/${code}`, reason: 'phishing', status: 'open' });
    const [mail] = await smtp.waitFor(1);
    expect(mail.to).toEqual(['reporter@example.net']);
    expect(mail.subject).toBe(`We received your report (#${stored.id})`);
    expect(mail.text).toContain(`Thank you for reporting ${sling.url}/${code}.`);
  });

  test('POST /api/v1/reports refuses bad input, other sites, unknown links and a missing solution', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.60' };
    const bad = errorOf(await report({ url: `${sling.url}/${code}`, reason: 'boring' }, ip));
    expect(bad).toMatchObject({ code: 'invalid_request', details: { reason: expect.stringMatching(/phishing, malware, spam, other/) } });
    expect(errorOf(await report({ url: `${sling.url}/${code}`, reason: 'spam', email: 'nope' }, ip))).toMatchObject({
      code: 'invalid_request',
      details: { email: expect.any(String) },
    });
    expect(errorOf(await report({ url: `${sling.url}/${code}`, reason: 'spam', extra: 1 }, ip))).toMatchObject({
      code: 'invalid_request',
      details: { extra: 'Unknown field.' },
    });

    const ip2 = { 'x-forwarded-for': '203.0.113.61' };
    expect(errorOf(await report({ url: `${sling.url}/${code}`, reason: 'spam' }, ip2))).toMatchObject({ code: 'altcha_required' });
    const foreign = await report({ url: 'https://elsewhere.example/abc', reason: 'spam', altcha: await altchaPayload(sling.url) }, ip2);
    expect(foreign.status).toBe(400);
    expect(errorOf(foreign)).toMatchObject({
      code: 'invalid_request',
      details: { url: expect.stringMatching(/elsewhere\.example is not a short-link domain/) },
    });
    const unknown = await report({ url: `${sling.url}/no-such-code`, reason: 'spam', altcha: await altchaPayload(sling.url) }, ip2);
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown)).toMatchObject({ code: 'not_found' });
  });

  test('POST /api/v1/reports over REPORTS_PER_HOUR from one address: 429 with Retry-After; another address is unaffected', async () => {
    const ip = { 'x-forwarded-for': '198.51.100.7' };
    for (let i = 0; i < 3; i++) {
      const res = await report({ url: `${sling.url}/${code}`, reason: 'spam', altcha: await altchaPayload(sling.url) }, ip);
      expect(res.status).toBe(201);
    }
    const refused = await report({ url: `${sling.url}/${code}`, reason: 'spam', altcha: await altchaPayload(sling.url) }, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(errorOf(refused)).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/reports from this address is 3 per hour/) });
    const other = await report(
      { url: `${sling.url}/${code}`, reason: 'malware', altcha: await altchaPayload(sling.url) },
      { 'x-forwarded-for': '198.51.100.8' },
    );
    expect(other.status).toBe(201);
  });

  test('the reports are stored for the review queue: the link, source visitor, a keyed hash of the address', async () => {
    // Read on the server's own database handle (the review queue's table).
    const rows = await sling.handle.query<{
      link_id: string;
      short_code: string;
      source: string;
      reason: string;
      details: string | null;
      reporter_email: string | null;
      reporter_ip_hash: string;
      status: string;
    }>(
      `SELECT r.link_id, l.short_code, r.source, r.reason, r.details, r.reporter_email, r.reporter_ip_hash, r.status
         FROM abuse_reports r JOIN links l ON l.id = r.link_id ORDER BY r.id`,
    );
    expect(rows.map((r) => [r.short_code, r.source, r.reason, r.status])).toEqual([
      [code, 'visitor', 'phishing', 'open'],
      [code, 'visitor', 'spam', 'open'],
      [code, 'visitor', 'spam', 'open'],
      [code, 'visitor', 'spam', 'open'],
      [code, 'visitor', 'malware', 'open'],
    ]);
    expect(rows[0]).toMatchObject({ details: 'Asks for my bank password.', reporter_email: 'reporter@example.net' });
    expect(rows[0].reporter_ip_hash).not.toContain('203.0.113.50');
    expect(rows[1].reporter_ip_hash).toBe(rows[2].reporter_ip_hash);
    expect(rows[4].reporter_ip_hash).not.toBe(rows[1].reporter_ip_hash);
    const [total] = await sling.handle.query<{ n: string }>('SELECT count(*) AS n FROM abuse_reports');
    expect(Number(total.n)).toBe(5);
  });
});

// PostgreSQL only: the embedded database serves one process.
describeOnPostgres('ALTCHA across instances on PostgreSQL', () => {
  test('a challenge from one instance is accepted by another, and its solution, once spent, is refused by both; GET /report?url= prefills the form', async () => {
    const tdb = await suiteDatabase.empty();
    const env = { ...tdb.env, ALTCHA_MAX_COUNTER: '2000' };
    // One instance in the test process, the other a built server process.
    const [a, b] = await Promise.all([startInProcessSling(env), startSling(env)]);
    try {
      const shorten = (api: ApiClient, altcha: string, n: number) => api.call('shortenAnonymously', { body: { url: `https://example.com/${n}`, altcha } });
      const [onA, onB] = [apiClient(inProcess(a)), apiClient(overHttp(b.url))];
      const altcha = await altchaPayload(a.url);
      expect((await shorten(onB, altcha, 1)).status).toBe(201);
      for (const api of [onA, onB]) {
        const replay = await shorten(api, altcha, 2);
        expect(replay.status).toBe(400);
        expect(replay.json.error).toMatchObject({ code: 'altcha_invalid', message: expect.stringMatching(/already used/) });
      }

      // GET /report?url= prefills the form (a page of Next's, which the full server has).
      const shortUrl = `${b.url}/some-code`;
      const res = await fetch(`${b.url}/report?url=${encodeURIComponent(shortUrl)}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('Report a link');
      expect(html).toContain(`value="${shortUrl}"`);
    } finally {
      await Promise.all([a.close(), b.stop()]);
      await tdb.drop();
    }
  }, 180_000);
});
