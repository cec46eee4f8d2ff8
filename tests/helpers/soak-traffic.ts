// Mixed traffic for the scale-out soak: short-link visits through HAProxy's short-link frontend (one
// in ten through its app frontend) and API writes through its app frontend, each request on its own
// connection (as browsers behind different addresses would; each visiting worker from its own
// loopback address, which HAProxy passes on in a PROXY header), every answer counted and every
// failure kept with its start and end.
import { request } from 'node:http';
import { AGENTS } from './agents';

export interface Outcome {
  status: number;
  location?: string;
  body: string;
}

export interface Failure {
  what: string;
  start: number;
  end: number;
  error: string;
}

/** One HTTP request on a fresh connection (`Connection: close`), from `localAddress` when given (any of 127.0.0.0/8). */
export function send(url: string, init: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {}): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const options = { method: init.method ?? 'GET', agent: false, localAddress: init.localAddress, headers: { connection: 'close', ...init.headers } };
    const req = request(url, options, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error('timed out')));
    req.end(init.body);
  });
}

export class Tally {
  /** 302 answers per short code. */
  readonly redirects = new Map<string, number>();
  /** 302 answers per client address they were sent from. */
  readonly redirectsFrom = new Map<string, number>();
  readonly created: string[] = [];
  updated = 0;
  readonly failures: Failure[] = [];
  /** Times a SIGTERM was sent to an instance. */
  readonly kills: number[] = [];

  redirected(code: string, from: string) {
    this.redirects.set(code, (this.redirects.get(code) ?? 0) + 1);
    this.redirectsFrom.set(from, (this.redirectsFrom.get(from) ?? 0) + 1);
  }

  get redirectTotal(): number {
    let n = 0;
    for (const v of this.redirects.values()) n += v;
    return n;
  }

  /** Failures of requests that were not in flight at any kill. */
  unexplainedFailures(): Failure[] {
    return this.failures.filter((f) => !this.kills.some((k) => f.start <= k && k <= f.end));
  }

  /** Runs one request, recording a thrown error or an unexpected status as a failure. */
  async track(what: string, run: () => Promise<Outcome>, expected: number): Promise<Outcome | undefined> {
    const start = Date.now();
    try {
      const out = await run();
      if (out.status === expected) return out;
      this.failures.push({ what, start, end: Date.now(), error: `status ${out.status}: ${out.body.slice(0, 200)}` });
    } catch (err) {
      this.failures.push({ what, start, end: Date.now(), error: (err as Error).message });
    }
    return undefined;
  }
}

export interface TrafficOptions {
  linksUrl: string;
  appUrl: string;
  token: string;
  codes: string[];
  redirectWorkers: number;
  /** The loopback address each visiting worker sends from (worker i: the ith, round). */
  visitorAddresses: string[];
  apiWorkers: number;
  /**
   * Each worker's pause after each request (0: none, as fast as the servers answer). A bounded load
   * for a shared machine: the restarts still happen under traffic, with less of it to count.
   */
  pauseMs?: number;
}

/** Runs until `stop` resolves; every loop ends its request before returning. */
export async function runTraffic(opts: TrafficOptions, tally: Tally, stop: Promise<void>): Promise<void> {
  let running = true;
  void stop.then(() => (running = false));
  const auth = { authorization: `Bearer ${opts.token}`, 'content-type': 'application/json' };
  const pause = () => (opts.pauseMs ? new Promise((r) => setTimeout(r, opts.pauseMs)) : Promise.resolve());
  let n = 0;
  const visitLoop = async (_: unknown, worker: number) => {
    const from = opts.visitorAddresses[worker % opts.visitorAddresses.length];
    while (running) {
      const i = n++;
      const code = opts.codes[i % opts.codes.length];
      // One visit in ten on the app host: the default domain's links are answered there too.
      const base = i % 10 === 9 ? opts.appUrl : opts.linksUrl;
      const visit = () => send(`${base}/${code}`, { headers: { 'user-agent': AGENTS.chrome }, localAddress: from });
      const out = await tally.track(`GET ${base}/${code} from ${from}`, visit, 302);
      if (out) tally.redirected(code, from);
      await pause();
    }
  };
  let m = 0;
  const apiLoop = async () => {
    while (running) {
      const i = m++;
      if (i % 4 === 3 && tally.created.length > 0) {
        // Every fourth write changes a link made earlier in the run.
        const code = tally.created[i % tally.created.length];
        const body = JSON.stringify({ url: `https://example.com/changed/${i}` });
        const out = await tally.track('PATCH /api.php', () => send(`${opts.appUrl}/api.php?slug=${code}`, { method: 'PATCH', headers: auth, body }), 200);
        if (out) tally.updated++;
        await pause();
        continue;
      }
      const body = JSON.stringify({ url: `https://example.com/new/${i}` });
      const out = await tally.track('POST /api.php', () => send(`${opts.appUrl}/api.php`, { method: 'POST', headers: auth, body }), 201);
      if (out) tally.created.push(JSON.parse(out.body).short_code);
      await pause();
    }
  };
  await Promise.all([...Array.from({ length: opts.redirectWorkers }, visitLoop), ...Array.from({ length: opts.apiWorkers }, apiLoop)]);
}
