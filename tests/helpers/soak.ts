// The scale-out soak (docs/self-hosting/scale-out.md): the topology of scale-topology.ts under mixed traffic
// (short-link visits, API creates and updates, webhook fan-out) while every instance is restarted
// in turn, then counted exactly: clicks stored = 302s answered, each webhook delivered once, no
// failed request but those in flight at a kill, and each link change seen by both edges. HAProxy
// sends each client's address in a PROXY header: visitors send from their own loopback addresses,
// which a GeoIP file made for the soak places in countries, and the stored clicks' countries must
// be theirs; anonymous shortening's per-address limit must count each client on its own.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { join } from 'node:path';
import { createUserWithToken } from './accounts';
import { altchaPayload } from './altcha';
import { createPostgresDatabase, tempDir } from './databases';
import { writeCountryMmdb } from './mmdb-fixture';
import { DIRECT, startTopology, type InstanceName, type Topology } from './scale-topology';
import { runTraffic, send, Tally, type Failure } from './soak-traffic';
import { until } from './until';
import { startReceiver, type Receiver } from './webhook-receiver';

export interface SoakOptions {
  pgUrl: string;
  redisUrl: string;
  /** How many times every instance is restarted. */
  rounds: number;
  redirectWorkers: number;
  apiWorkers: number;
  /** Each traffic worker's pause after each request (soak-traffic.ts); none by default. */
  pauseMs?: number;
  links: number;
  log?: (line: string) => void;
}

export interface SoakReport {
  trafficSeconds: number;
  restarts: string[];
  redirects: number;
  clicksStored: number;
  /** Short codes whose stored clicks differ from the 302s answered. */
  clickMismatches: string[];
  /** Stored clicks by country ('none': unplaced), and what the 302s answered to each visitor's address make. */
  clicksByCountry: Record<string, number>;
  expectedClicksByCountry: Record<string, number>;
  /** Per client address, the statuses of three anonymous shortenings in a row through HAProxy (ANON_LINKS_PER_MINUTE=2). */
  anonymousShortens: Record<string, number[]>;
  apiCreates: number;
  apiUpdates: number;
  webhooksExpected: number;
  webhooksReceived: number;
  webhookDuplicates: number;
  webhooksUnverified: number;
  failuresInFlightAtKill: number;
  unexplainedFailures: Failure[];
  /** Per link change: ms from the API's answer until both edges redirected to the new URL. */
  cacheVisibleMs: number[];
  /** When each SIGTERM was sent, and HAProxy's server state changes (for reading failures against). */
  kills: number[];
  haproxyEvents: string[];
}

const AUTH = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

/** The countries the soak's GeoIP file gives visiting worker i's address, 127.0.0.(11 + i). */
const COUNTRIES = ['DE', 'JP', 'BR', 'NZ', 'CA', 'KE', 'IN', 'FR', 'AR', 'NO', 'ZA', 'MX'];
const visitorAddress = (i: number) => `127.0.0.${11 + i}`;
/** Two clients of the anonymous shortener, each allowed 2 a minute. */
const SHORTENERS = ['127.0.0.41', '127.0.0.42'];

export async function runSoak(opts: SoakOptions): Promise<SoakReport> {
  const log = opts.log ?? (() => {});
  const tdb = await createPostgresDatabase(opts.pgUrl, { migrated: true });
  const prefix = `sling-soak-${randomBytes(4).toString('hex')}`;
  const receivers: Receiver[] = [];
  let topology: Topology | undefined;
  try {
    const token = await createUserWithToken(tdb.env, 'soak@example.com', 'enterprise');
    const visitors = Array.from({ length: opts.redirectWorkers }, (_, i) => visitorAddress(i));
    const geoip = join(tempDir('sling-soak-geoip-'), 'countries.mmdb');
    writeCountryMmdb(geoip, Object.fromEntries(visitors.map((a, i) => [a, COUNTRIES[i % COUNTRIES.length]])));
    topology = await startTopology({
      ...tdb.env,
      REDIS_URL: opts.redisUrl,
      REDIS_PREFIX: prefix,
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      WEBHOOKS_POLL_MS: '200',
      ENTERPRISE_LIMIT_PER_MINUTE: '10000000',
      ENTERPRISE_LIMIT_PER_HOUR: '10000000',
      GEOIP_DB: geoip,
      ANON_LINKS_PER_MINUTE: '2',
    });
    const top = topology;
    log(`topology up: links ${top.linksUrl}, app ${top.appUrl}`);
    const tally = new Tally();
    const api = (path: string, method: string, body: unknown) => send(`${top.appUrl}${path}`, { method, headers: AUTH(token), body: JSON.stringify(body) });

    // Webhooks: every link created or changed, and every click on the first link.
    const changes = await startReceiver();
    const clicks = await startReceiver();
    receivers.push(changes, clicks);
    const hook = async (rx: Receiver, body: object) => {
      const out = await api('/api/v1/webhooks', 'POST', { url: rx.url, ...body });
      if (out.status !== 201) throw new Error(`webhook not created: ${out.status} ${out.body}`);
      rx.secrets.push(JSON.parse(out.body).secret);
    };
    await hook(changes, { events: ['link.created', 'link.updated'] });
    const codes: string[] = [];
    let hotId = 0;
    for (let i = 0; i < opts.links; i++) {
      const out = await api('/api.php', 'POST', { url: `https://example.com/seed/${i}`, alias: `soak-${i}` });
      if (out.status !== 201) throw new Error(`link not created: ${out.status} ${out.body}`);
      const link = JSON.parse(out.body);
      if (i === 0) hotId = link.id;
      codes.push(link.short_code);
      tally.created.push(link.short_code);
    }
    const [hot, probe] = [codes[0], codes[codes.length - 1]];
    await hook(clicks, { events: ['link.clicked'], link_id: hotId });

    let stopTraffic!: () => void;
    const stopped = new Promise<void>((r) => (stopTraffic = r));
    const trafficStart = Date.now();
    const traffic = runTraffic(
      {
        linksUrl: top.linksUrl,
        appUrl: top.appUrl,
        token,
        codes: codes.slice(0, -1),
        redirectWorkers: opts.redirectWorkers,
        visitorAddresses: visitors,
        apiWorkers: opts.apiWorkers,
        pauseMs: opts.pauseMs,
      },
      tally,
      stopped,
    );

    const cacheVisibleMs: number[] = [];
    let probes = 0;
    /** Both edges hold the probe link; it changes; both must redirect to the new URL. */
    async function probeCache() {
      const edges = [top.edgeUrl('edge1'), top.edgeUrl('edge2')];
      const visit = async (edge: string) => {
        const out = await tally.track(`GET ${edge}/${probe}`, () => send(`${edge}/${probe}`, { localAddress: DIRECT }), 302);
        if (out) tally.redirected(probe, DIRECT);
        return out?.location;
      };
      for (const edge of edges) await visit(edge);
      const url = `https://example.com/probe/${++probes}`;
      const changed = await tally.track('PATCH probe', () => api(`/api.php?slug=${probe}`, 'PATCH', { url }), 200);
      if (!changed) return;
      tally.updated++;
      const answered = Date.now();
      let slowest = 0;
      for (const edge of edges) {
        await until(`${edge} to redirect to ${url}`, async () => (await visit(edge)) === url, { timeoutMs: 10_000, intervalMs: 20 });
        slowest = Date.now() - answered;
      }
      cacheVisibleMs.push(slowest);
    }

    await until('traffic to flow', async () => tally.redirectTotal > 0 && tally.created.length > opts.links);
    await probeCache();
    const restarts: string[] = [];
    for (let round = 0; round < opts.rounds; round++) {
      for (const name of ['edge1', 'edge2', 'app', 'worker'] as InstanceName[]) {
        await top.restart(name, () => tally.kills.push(Date.now()));
        restarts.push(name);
        log(`restarted ${name} (round ${round + 1}): ${tally.redirectTotal} redirects, ${tally.created.length} creates so far`);
        await probeCache();
      }
    }
    stopTraffic();
    await traffic;
    const trafficSeconds = (Date.now() - trafficStart) / 1000;

    // Per-address limits count each client, not HAProxy: two clients, three shortenings each.
    const anonymousShortens: Record<string, number[]> = {};
    for (const from of SHORTENERS) {
      anonymousShortens[from] = [];
      for (let i = 0; i < 3; i++) {
        const body = JSON.stringify({ url: `https://example.com/anonymous/${from}/${i}`, altcha: await altchaPayload(top.appUrl) });
        const out = await send(`${top.appUrl}/api/v1/shorten`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, localAddress: from });
        anonymousShortens[from].push(out.status);
      }
    }

    // Every click buffered by an edge is written within CLICK_FLUSH_MS (1 s) or at its stop.
    const db = new pg.Client({ connectionString: tdb.databaseUrl });
    await db.connect();
    const stored = async () => {
      const rows = (
        await db.query<{ code: string; n: string }>('SELECT l.short_code AS code, count(*) AS n FROM clicks c JOIN links l ON l.id = c.link_id GROUP BY 1')
      ).rows;
      return new Map(rows.map((r) => [r.code, Number(r.n)]));
    };
    const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    await until('every click to be stored', async () => total(await stored()) >= tally.redirectTotal, { timeoutMs: 30_000 });
    const expected = { changes: tally.created.length + tally.updated, clicks: tally.redirects.get(hot) ?? 0 };
    await until('every webhook to arrive', async () => changes.ids().size >= expected.changes && clicks.ids().size >= expected.clicks, { timeoutMs: 120_000 });
    // Pending deliveries would show up as more deliveries: none may be left.
    await until(
      'no delivery pending',
      async () => Number((await db.query(`SELECT count(*) AS n FROM webhook_deliveries WHERE status = 'pending'`)).rows[0].n) === 0,
    );
    const finalClicks = await stored();
    const byCountry = await db.query<{ country: string | null; n: string }>('SELECT country, count(*) AS n FROM clicks GROUP BY 1');
    const clicksByCountry = Object.fromEntries(byCountry.rows.map((r) => [r.country ?? 'none', Number(r.n)]));
    const expectedClicksByCountry: Record<string, number> = {};
    for (const [from, n] of tally.redirectsFrom) {
      const i = visitors.indexOf(from);
      const country = i < 0 ? 'none' : COUNTRIES[i % COUNTRIES.length];
      expectedClicksByCountry[country] = (expectedClicksByCountry[country] ?? 0) + n;
    }
    await db.end();

    const all = [...changes.received, ...clicks.received];
    const ids = changes.ids().size + clicks.ids().size;
    const unexplained = tally.unexplainedFailures();
    return {
      trafficSeconds,
      restarts,
      redirects: tally.redirectTotal,
      clicksStored: total(finalClicks),
      clickMismatches: [...new Set([...tally.redirects.keys(), ...finalClicks.keys()])].filter(
        (c) => (tally.redirects.get(c) ?? 0) !== (finalClicks.get(c) ?? 0),
      ),
      clicksByCountry,
      expectedClicksByCountry,
      anonymousShortens,
      apiCreates: tally.created.length,
      apiUpdates: tally.updated,
      webhooksExpected: expected.changes + expected.clicks,
      webhooksReceived: all.length,
      webhookDuplicates: all.length - ids,
      webhooksUnverified: all.filter((r) => !r.verified).length,
      failuresInFlightAtKill: tally.failures.length - unexplained.length,
      unexplainedFailures: unexplained,
      cacheVisibleMs,
      kills: tally.kills,
      haproxyEvents: top
        .haproxyLog()
        .split('\n')
        .filter((l) => l.includes('Server '))
        .map((l) => `${l}`),
    };
  } finally {
    await topology?.stop();
    await Promise.all(receivers.map((r) => r.close()));
    await tdb.drop();
    await dropRedisKeys(opts.redisUrl, prefix);
  }
}

async function dropRedisKeys(url: string, prefix: string) {
  const redis = new Redis(url);
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 500 })) if ((keys as string[]).length) await redis.del(...(keys as string[]));
  } finally {
    redis.disconnect();
  }
}
