// Routing rules (issue 31, point 1): a link's ordered rules send each visitor to the first rule
// whose conditions all hold, else to the link's url. Every condition is met here the way a real
// visitor meets it (X-Forwarded-For under TRUST_PROXY for the address and its place, the browser's
// User-Agent and Accept-Language, the query string, the server's clock), over HTTP, on both
// databases; the click records the rule that chose. Rules are set and read through REST v1 and
// Variant A, and bad ones are refused naming the rule.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { manualClock, type ManualClock } from '../../../lib/core/clock';
import { AGENTS } from '../../helpers/agents';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { until } from '../../helpers/until';

const D = 'https://dest.example';
const RULES = [
  { id: 'office', conditions: [{ type: 'ip', values: ['203.0.113.0/24', '2001:db8::/32'] }], url: `${D}/ip` },
  { id: 'newsletter', conditions: [{ type: 'query', key: 'utm_source', op: 'equals', value: 'newsletter' }], url: `${D}/query-equals` },
  { id: 'preview', conditions: [{ type: 'query', key: 'preview', op: 'present' }], url: `${D}/query-present` },
  { id: 'crawler', conditions: [{ type: 'bot' }], url: `${D}/bot` },
  { id: 'germany', conditions: [{ type: 'country', values: ['de', 'AT'] }], url: `${D}/de` },
  { id: 'england', conditions: [{ type: 'region', values: ['england'] }], url: `${D}/england` },
  { id: 'montreal', conditions: [{ type: 'city', values: ['Montreal'] }], url: `${D}/montreal` },
  {
    id: 'iphone',
    conditions: [
      { type: 'device', values: ['mobile'] },
      { type: 'os', values: ['iOS'] },
    ],
    url: `${D}/ios`,
  },
  {
    id: 'android-not-chrome',
    conditions: [
      { type: 'os', values: ['android'] },
      { type: 'browser', values: ['chrome'], not: true },
    ],
    url: `${D}/never`,
  },
  { id: 'firefox', conditions: [{ type: 'browser', values: ['firefox'] }], url: `${D}/firefox` },
  { id: 'french', conditions: [{ type: 'language', values: ['fr'] }], url: `${D}/fr` },
  {
    id: 'weekend',
    conditions: [{ type: 'time', days: ['sat', 'sun'], from: '09:00', to: '17:00', timezone: 'Europe/Paris' }],
    url: `${D}/weekend`,
  },
  { id: 'launch', conditions: [{ type: 'time', after: '2027-03-01T00:00:00Z', before: '2027-03-02T00:00:00Z' }], url: `${D}/launch` },
];

describe(`routing rules on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let owner: ApiClient;
  let clock: ManualClock;
  let code: string;
  let linkId: number;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    // A Wednesday noon in Paris: no time rule holds until a test moves the clock.
    clock = manualClock(Date.parse('2027-01-06T11:00:00Z'));
    sling = await startInProcessSling({ ...tdb.env, TRUST_PROXY: 'true' }, { clock });
    owner = apiClient(inProcess(sling), { token: await sling.seed.userWithToken('rules@example.com', { plan: 'business' }) });
    const created = await owner.call('createLink', { body: { url: `${D}/default`, rules: RULES } });
    expect(created.status).toBe(201);
    code = created.json.short_code;
    linkId = created.json.id;
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  const visit = async (ip: string, ua: string, opts: { query?: string; language?: string } = {}) => {
    const headers: Record<string, string> = { 'x-forwarded-for': ip, 'user-agent': ua };
    if (opts.language) headers['accept-language'] = opts.language;
    const res = await fetch(`${sling.url}/${code}${opts.query ? `?${opts.query}` : ''}`, { redirect: 'manual', headers });
    await res.arrayBuffer();
    return res.headers.get('location');
  };

  test('REST v1 answers the rules as given, each with its id, and reads them back', async () => {
    const read = await owner.call('getLink', { params: { id: linkId } });
    expect(read.json.rules.map((r: { id: string }) => r.id)).toEqual(RULES.map((r) => r.id));
    expect(read.json.rules[1].conditions[0]).toEqual({ type: 'query', key: 'utm_source', op: 'equals', value: 'newsletter' });
    // Countries are stored upper case, time zones default to UTC.
    expect(read.json.rules[4].conditions[0].values).toEqual(['DE', 'AT']);
    expect(read.json.rules[12].conditions[0].timezone).toBe('UTC');
  });

  test('the address: a v4 range and a v6 range', async () => {
    expect(await visit('203.0.113.9', AGENTS.chrome)).toBe(`${D}/ip`);
    expect(await visit('2001:db8::5', AGENTS.chrome)).toBe(`${D}/ip`);
    expect(await visit('198.51.100.1', AGENTS.chrome)).toBe(`${D}/default`);
  });

  test('the query string: equals and present, with the query passed on', async () => {
    expect(await visit('8.8.8.8', AGENTS.chrome, { query: 'utm_source=newsletter' })).toBe(`${D}/query-equals?utm_source=newsletter`);
    expect(await visit('8.8.8.8', AGENTS.chrome, { query: 'utm_source=ads' })).toBe(`${D}/default?utm_source=ads`);
    expect(await visit('8.8.8.8', AGENTS.chrome, { query: 'preview' })).toBe(`${D}/query-present?preview`);
  });

  test('a bot or link-preview crawler', async () => {
    expect(await visit('8.8.8.8', AGENTS.googlebot)).toBe(`${D}/bot`);
    expect(await visit('8.8.8.8', AGENTS.slackbot)).toBe(`${D}/bot`);
  });

  test('country, region and city from the forwarded address', async () => {
    expect(await visit('193.99.144.80', AGENTS.chrome)).toBe(`${D}/de`);
    expect(await visit('2a02:2e0:3fe:1001:302::', AGENTS.chrome)).toBe(`${D}/de`);
    expect(await visit('81.2.69.160', AGENTS.chrome)).toBe(`${D}/england`);
    expect(await visit('2001:4860:4860::8888', AGENTS.chrome)).toBe(`${D}/montreal`);
    expect(await visit('1.1.1.1', AGENTS.chrome)).toBe(`${D}/default`);
  });

  test('device, operating system and browser, with "not"', async () => {
    expect(await visit('8.8.8.8', AGENTS.iphone)).toBe(`${D}/ios`);
    // An iPad is a tablet: the iPhone rule needs both conditions.
    expect(await visit('8.8.8.8', AGENTS.ipad)).toBe(`${D}/default`);
    // Android, but Chrome: "not chrome" fails, so the rule does not hold.
    expect(await visit('8.8.8.8', AGENTS.android)).toBe(`${D}/default`);
    expect(await visit('8.8.8.8', AGENTS.firefox)).toBe(`${D}/firefox`);
  });

  test('the preferred language, by q-value', async () => {
    expect(await visit('8.8.8.8', AGENTS.chrome, { language: 'fr-CH, fr;q=0.9, en;q=0.8' })).toBe(`${D}/fr`);
    expect(await visit('8.8.8.8', AGENTS.chrome, { language: 'en;q=0.5, fr-FR;q=0.9' })).toBe(`${D}/fr`);
    expect(await visit('8.8.8.8', AGENTS.chrome, { language: 'en-US,en;q=0.9,fr;q=0.8' })).toBe(`${D}/default`);
  });

  test('time windows: weekdays and hours in a time zone, and an absolute window', async () => {
    clock.set(Date.parse('2027-01-09T08:30:00Z')); // Saturday 09:30 in Paris
    expect(await visit('8.8.8.8', AGENTS.chrome)).toBe(`${D}/weekend`);
    clock.set(Date.parse('2027-01-09T16:30:00Z')); // Saturday 17:30 in Paris
    expect(await visit('8.8.8.8', AGENTS.chrome)).toBe(`${D}/default`);
    clock.set(Date.parse('2027-03-01T12:00:00Z')); // a Monday, inside the launch day
    expect(await visit('8.8.8.8', AGENTS.chrome)).toBe(`${D}/launch`);
    clock.set(Date.parse('2027-03-02T00:00:00Z')); // `before` is exclusive
    expect(await visit('8.8.8.8', AGENTS.chrome)).toBe(`${D}/default`);
    clock.set(Date.parse('2027-01-06T11:00:00Z'));
  });

  test('each click records the rule that chose its destination (none for the default)', async () => {
    const rows = await until('the clicks of the visits above to be stored', async () => {
      const r = await sling.handle.query<{ rule_id: string | null; n: number }>(
        'SELECT rule_id, count(*)::int AS n FROM clicks WHERE link_id = $1 GROUP BY rule_id ORDER BY rule_id NULLS FIRST',
        [linkId],
      );
      return r.reduce((sum, x) => sum + x.n, 0) >= 24 && r;
    });
    expect(Object.fromEntries(rows.map((r) => [r.rule_id ?? 'none', r.n]))).toEqual({
      none: 8,
      office: 2,
      newsletter: 1,
      preview: 1,
      crawler: 2,
      germany: 2,
      england: 1,
      montreal: 1,
      iphone: 1,
      firefox: 1,
      french: 2,
      weekend: 1,
      launch: 1,
    });
    // The statistics count people's clicks per rule (the bots' are stored, never counted); the
    // export names each click's rule.
    const stats = await until('the per-rule counts to be written', async () => {
      const res = await owner.call('linkStats', { params: { id: linkId }, query: { from: '2026-11-01', to: '2026-12-31' } });
      return res.json.rules?.length === 11 && res.json;
    });
    expect(Object.fromEntries(stats.rules.map((r: { value: string; clicks: number }) => [r.value, r.clicks]))).toEqual({
      office: 2,
      newsletter: 1,
      preview: 1,
      germany: 2,
      england: 1,
      montreal: 1,
      iphone: 1,
      firefox: 1,
      french: 2,
      weekend: 1,
      launch: 1,
    });
    expect(stats.clicks).toBe(22);
    const filtered = await owner.call('linkStats', { params: { id: linkId }, query: { from: '2026-11-01', to: '2026-12-31', country: 'DE' } });
    expect(filtered.json.rules).toEqual([{ value: 'germany', clicks: 2 }]);
    const exported = await owner.call('linkClicksExport', { params: { id: linkId }, query: { format: 'json', from: '2026-11-01', to: '2026-12-31' } });
    const exportedRows = exported.json as Array<{ rule_id: string | null; country: string | null }>;
    expect(exportedRows).toHaveLength(24);
    expect(exportedRows.filter((r) => r.rule_id === 'germany').map((r) => r.country)).toEqual(['DE', 'DE']);
  });

  test('Variant A sets and clears rules; a link without rules goes where it always did', async () => {
    const created = await owner.call('apiPhpCreate', {
      body: { url: `${D}/a`, alias: 'rules-a', rules: [{ conditions: [{ type: 'device', values: ['mobile'] }], url: `${D}/a-mobile` }] },
    });
    expect(created.status).toBe(201);
    expect(created.json.rules[0].id).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    const go = async (ua: string) => (await fetch(`${sling.url}/rules-a`, { redirect: 'manual', headers: { 'user-agent': ua } })).headers.get('location');
    expect(await go(AGENTS.iphone)).toBe(`${D}/a-mobile`);
    expect(await go(AGENTS.chrome)).toBe(`${D}/a`);
    const cleared = await owner.call('apiPhpUpdate', { query: { slug: 'rules-a' }, body: { rules: [] } });
    expect(cleared.status).toBe(200);
    expect(cleared.json.rules).toEqual([]);
    expect(await go(AGENTS.iphone)).toBe(`${D}/a`);
  });

  test('bad rules are a 400 naming the rule and condition; a rule cannot lead back to Sling or off the web', async () => {
    const bad = async (rules: unknown) => {
      const res = await owner.call('createLink', { body: { url: `${D}/x`, rules } });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe('invalid_request');
      return res.json.error;
    };
    expect((await bad([{ conditions: [{ type: 'country', values: ['Germany'] }], url: `${D}/y` }])).details.rules).toBe(
      'Invalid rules: rules[0].conditions[0].values[0]: a country is a two-letter ISO 3166 code such as US.',
    );
    expect((await bad([{ conditions: [{ type: 'ip', values: ['10.0.0.0/33'] }], url: `${D}/y` }])).details.rules).toMatch(
      /^Invalid rules: rules\[0\]\.conditions\[0\]\.values\[0\]: an address is/,
    );
    expect((await bad([{ conditions: [{ type: 'time', from: '09:00', timezone: 'Mars/Olympus' }], url: `${D}/y` }])).details.rules).toMatch(/^Invalid rules:/);
    expect((await bad([{ conditions: [{ type: 'weather', values: ['rain'] }], url: `${D}/y` }])).details.rules).toMatch(/type is one of/);
    expect((await bad([{ conditions: [], url: `${D}/y` }])).details.rules).toMatch(/at least one condition/);
    expect((await bad(Array.from({ length: 21 }, () => RULES[0]))).details.rules).toMatch(/at most 20 rules/);
    expect((await bad([{ conditions: [{ type: 'bot' }], url: 'javascript:alert(1)' }])).details).toEqual({
      'rules[0].url': '"javascript:" URLs are not allowed; use https:// or an app link such as myapp://open.',
    });
    expect((await bad([{ conditions: [{ type: 'bot' }], url: `${sling.url}/${code}` }])).details['rules[0].url']).toMatch(/points back at this Sling/);
    // Nothing was made.
    expect((await owner.call('listLinks', { query: { q: `${D}/x` } })).json.total).toBe(0);
  });
});
