// Privacy modes (docs/guide/privacy.md) through Sling in the test process: clicks made over HTTP,
// as visitors make them, under each workspace choice, read back from the clicks table and the CSV
// export, which must hold exactly what the mode keeps and nothing else; excluded ranges; unique
// visitors in every mode; the workspace's shorter retention; who may change the choices.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { applyRetention } from '../../../lib/analytics/apply-retention';
import { workspaceMembers } from '../../../db/schema';
import { signIn } from '../../helpers/accounts';
import { AGENTS } from '../../helpers/agents';
import { apiClient, inProcess, offSchema, type ApiClient } from '../../helpers/api-client';
import { parseCsv } from '../../helpers/csv';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { until } from '../../helpers/until';

const COLUMNS = ['ip', 'user_agent', 'referrer', 'referrer_host', 'country', 'region', 'city', 'device', 'browser', 'os', 'visitor', 'privacy'] as const;
type Row = Record<(typeof COLUMNS)[number], unknown>;
const REF = 'https://news.example/item?id=7';
const V4 = '81.2.69.160';
const V6 = '2a00:1450:4001::1';
/** A click from V4 on Chrome with REF, all of it kept. */
const FULL: Row = {
  ip: V4,
  user_agent: AGENTS.chrome,
  referrer: REF,
  referrer_host: 'news.example',
  country: 'GB',
  region: expect.any(String),
  city: expect.any(String),
  device: 'desktop',
  browser: 'Chrome',
  os: 'Windows',
  visitor: expect.stringMatching(/^[\w-]{22}$/),
  privacy: 'full',
};
/** An honoured DNT / GPC: counted with its country and kind of device only. */
const OPTED_OUT: Row = {
  ip: null,
  user_agent: null,
  referrer: null,
  referrer_host: null,
  country: 'GB',
  region: null,
  city: null,
  device: 'desktop',
  browser: null,
  os: null,
  visitor: expect.stringMatching(/^[\w-]{22}$/),
  privacy: 'opt_out',
};
/** Every choice spelled out, so a case depends on no earlier one. */
const BASE = { ip: 'full', user_agent: true, referrer: true, honor_opt_out: true, excluded_ranges: [] as string[] } as const;

describe('privacy modes', () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let ann: ApiClient;
  let n = 0;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    // The client address comes from X-Forwarded-For; the instance keeps today's defaults.
    sling = await startInProcessSling({ ...tdb.env, TRUST_PROXY: 'true' });
    // Enterprise: the polling below never runs into a rate limit, and clicks are kept without limit.
    ann = apiClient(inProcess(sling)).as({ token: await sling.seed.userWithToken('ann@example.com', { plan: 'enterprise' }) });
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  const choose = async (body: Record<string, unknown>) => {
    const res = await ann.call('updateWorkspacePrivacy', { body: { ...BASE, ...body } as never });
    expect(res.status, res.text).toBe(200);
  };
  const newLink = async () => {
    const res = await ann.call('createLink', { body: { url: 'https://example.com/landing', alias: `priv-${++n}` } });
    expect(res.status, res.text).toBe(201);
    return { id: Number(res.json.id), code: `priv-${n}` };
  };
  const visit = (code: string, ip: string, ua: string, headers: Record<string, string> = {}) =>
    fetch(`${sling.url}/${code}`, { redirect: 'manual', headers: { 'x-forwarded-for': ip, 'user-agent': ua, ...headers } });
  const rowsOf = (linkId: number) => sling.handle.query<Row>(`SELECT ${COLUMNS.join(', ')} FROM clicks WHERE link_id = $1 ORDER BY clicked_at`, [linkId]);
  const storedRows = (linkId: number, count: number) =>
    until(`${count} clicks of link ${linkId}`, async () => ((await rowsOf(linkId)).length >= count ? rowsOf(linkId) : false));
  const exported = async (linkId: number) => {
    const res = await ann.call('linkClicksExport', { params: { id: linkId }, query: { format: 'csv' } });
    expect(res.status).toBe(200);
    const [header, ...rows] = parseCsv(res.text);
    return rows.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i]])));
  };
  /** The row as the CSV writes it: null is an empty cell. */
  // The export writes a text that a spreadsheet would read as a formula with a leading ' (csv-field.ts):
  // a visitor key is base64url, and one in 64 starts with "-" (which day's salt decides).
  const asCsv = (row: Row) =>
    Object.fromEntries(COLUMNS.map((c) => [c, row[c] === null ? '' : typeof row[c] === 'string' && /^[=+\-@\t\r]/.test(row[c]) ? `'${row[c]}` : row[c]]));

  const cases: Array<[string, Record<string, unknown>, { ip?: string; headers?: Record<string, string> }, Row]> = [
    ['full', { ip: 'full' }, {}, FULL],
    ['anonymized IPv4 (/24)', { ip: 'anonymized' }, {}, { ...FULL, ip: '81.2.69.0', privacy: 'anonymized' }],
    [
      'anonymized IPv6 (/48)',
      { ip: 'anonymized' },
      { ip: V6 },
      { ...FULL, ip: '2a00:1450:4001::', country: 'DE', region: 'Hesse', city: 'Frankfurt am Main', privacy: 'anonymized' },
    ],
    ['no IP', { ip: 'none' }, {}, { ...FULL, ip: null, privacy: 'none' }],
    ['user agent off (device, browser and OS kept)', { user_agent: false }, {}, { ...FULL, user_agent: null }],
    ['referrer off', { referrer: false }, {}, { ...FULL, referrer: null, referrer_host: null }],
    ['DNT: 1 honoured', {}, { headers: { dnt: '1' } }, OPTED_OUT],
    ['Sec-GPC: 1 honoured', { ip: 'anonymized' }, { headers: { 'sec-gpc': '1' } }, OPTED_OUT],
    ['DNT: 1 ignored where the workspace does not honour it', { honor_opt_out: false }, { headers: { dnt: '1', 'sec-gpc': '1' } }, FULL],
  ];

  test.each(cases)('%s: the clicks table and the export hold exactly what the mode keeps', async (_name, choice, how, expected) => {
    await choose(choice);
    const link = await newLink();
    expect((await visit(link.code, how.ip ?? V4, AGENTS.chrome, { referer: REF, ...how.headers })).status).toBe(302);
    const [row, ...more] = await storedRows(link.id, 1);
    expect(more).toEqual([]);
    expect(row).toEqual(expected);
    const csv = await exported(link.id);
    expect(csv).toHaveLength(1);
    expect(Object.fromEntries(COLUMNS.map((c) => [c, csv[0][c]]))).toEqual(asCsv(row));
  });

  test('a visit from an excluded range (IPv4, IPv6, IPv4-mapped) is neither stored nor counted', async () => {
    await choose({ excluded_ranges: ['81.2.69.0/24', '2a00:1450:4001::/48'] });
    const link = await newLink();
    for (const ip of [V4, '81.2.69.7', V6, `::ffff:${V4}`]) expect((await visit(link.code, ip, AGENTS.chrome)).status).toBe(302);
    // Buffered after the excluded ones: once it is counted, they have been through the writer too.
    await visit(link.code, '8.8.8.8', AGENTS.chrome);
    const counted = () => sling.handle.query<{ clicks: number }>(`SELECT clicks FROM links WHERE id = $1`, [link.id]);
    await until('the one click counted', async () => Number((await counted())[0].clicks) >= 1);
    expect((await rowsOf(link.id)).map((r) => r.ip)).toEqual(['8.8.8.8']);
    expect(Number((await counted())[0].clicks)).toBe(1);
    const [total] = await sling.handle.query<{ n: number }>(`SELECT coalesce(sum(clicks), 0)::int AS n FROM click_rollups WHERE link_id = $1 AND dim = ''`, [
      link.id,
    ]);
    expect(total.n).toBe(1);
    expect(await exported(link.id)).toHaveLength(1);
  });

  test.each([
    ['full', { ip: 'full' }, {}],
    ['anonymized', { ip: 'anonymized' }, {}],
    ['no IP', { ip: 'none' }, {}],
    ['opted out', {}, { dnt: '1' }],
  ] as const)(
    'unique visitors are counted right with %s: two addresses of one /24 are two visitors, another device a third',
    async (_name, choice, headers) => {
      await choose(choice);
      const link = await newLink();
      const visits: Array<[string, string]> = [
        [V4, AGENTS.chrome],
        [V4, AGENTS.chrome],
        ['81.2.69.161', AGENTS.chrome],
        [V4, AGENTS.iphone],
      ];
      for (const [ip, ua] of visits) await visit(link.code, ip, ua, headers);
      const stats = await until(
        'the four clicks counted',
        async () => {
          const s = (await ann.call('apiPhpStats', { query: { slug: link.code } })).json;
          return s.clicks === 4 && s;
        },
        { intervalMs: 100 },
      );
      expect(stats.unique_visitors).toBe(3);
    },
  );

  test("retention: the workspace's shorter one deletes older clicks and rollups; another workspace keeps its plan's", async () => {
    const bob = apiClient(inProcess(sling)).as({ token: await sling.seed.userWithToken('bob@example.com', { plan: 'pro' }) });
    const mine = await newLink();
    const theirs = (await bob.call('createLink', { body: { url: 'https://example.com/bob', alias: 'bob-old' } })).json;
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    for (const [link, days] of [
      [mine.id, 10],
      [mine.id, 3],
      [Number(theirs.id), 10],
    ] as const) {
      await sling.handle.query(`INSERT INTO clicks (link_id, clicked_at, privacy) VALUES ($1, $2, 'none')`, [link, ago(days)]);
      await sling.handle.query(
        `INSERT INTO click_rollups (link_id, workspace_id, hour, dim, value, clicks)
         SELECT id, workspace_id, date_trunc('hour', $2::timestamptz), '', '', 1 FROM links WHERE id = $1`,
        [link, ago(days)],
      );
    }
    await choose({ click_retention_days: 7 });
    await applyRetention(sling.handle);
    const left = async (id: number, table: 'clicks' | 'click_rollups') =>
      Number((await sling.handle.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE link_id = $1`, [id]))[0].n);
    expect([await left(mine.id, 'clicks'), await left(mine.id, 'click_rollups')]).toEqual([1, 1]);
    expect([await left(Number(theirs.id), 'clicks'), await left(Number(theirs.id), 'click_rollups')]).toEqual([1, 1]);
  });

  test('the API refuses a bad range and a retention not shorter than the plan’s with 400, and a member’s change with 403', async () => {
    const bad = await ann.call('updateWorkspacePrivacy', { body: { excluded_ranges: ['10.0.0.0/8', 'the office', '10.0.0.0/40'] } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ code: 'invalid_request', details: { excluded_ranges: expect.stringContaining('Line 2, “the office”') } });
    expect((await ann.call('updateWorkspacePrivacy', { body: offSchema({ ip: 'partial' }) })).status).toBe(400);
    expect((await ann.call('updateWorkspacePrivacy', { body: offSchema({ click_retention_days: 0 }) })).status).toBe(400);

    // Cleo joins Dana's team as a member: she reads the choices, and may not change them.
    await sling.seed.user('dana@example.com', { plan: 'pro' });
    await sling.seed.user('cleo@example.com');
    const dana = apiClient(inProcess(sling)).as({ cookie: await signIn(apiClient(inProcess(sling)), 'dana@example.com') });
    const team = (await dana.call('createWorkspace', { body: { name: 'Dana team', slug: 'dana-team' } })).json.workspace;
    const [cleoId] = await sling.handle.query<{ id: string }>(`SELECT id FROM users WHERE email = 'cleo@example.com'`);
    await sling.handle.db.insert(workspaceMembers).values({ id: `mem_${cleoId.id}`, organizationId: team.id, userId: cleoId.id, role: 'member' });
    const cleo = apiClient(inProcess(sling)).as({ token: await sling.seed.token('cleo@example.com', { workspace: 'dana-team' }) });
    expect((await cleo.call('getWorkspacePrivacy')).status).toBe(200);
    const refused = await cleo.call('updateWorkspacePrivacy', { body: { ip: 'full' } });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('forbidden');
    // The team is on Free (30 days): 30 is not shorter.
    const long = await dana.call('updateWorkspacePrivacy', { body: { click_retention_days: 30 } });
    expect(long.status).toBe(400);
    expect(long.json.error.details.click_retention_days).toMatch(/shorter than your plan’s 30 days/);
    const changed = await dana.call('updateWorkspacePrivacy', { body: { ip: 'anonymized', click_retention_days: 14 } });
    expect(changed.json.privacy.effective).toMatchObject({ ip: 'anonymized', click_retention_days: 14 });
    const audit = (await dana.call('listAudit')).json;
    expect(audit.entries[0]).toMatchObject({ action: 'workspace.updated', details: { 'privacy ip': { from: 'default', to: 'anonymized' } } });
  });
});
