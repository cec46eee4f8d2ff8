// One webhook POST, made safe for arbitrary user-given URLs: the address is checked when the
// connection is made (a name that resolved publicly at registration and privately now is refused:
// no DNS rebinding), redirects are not followed, the whole exchange has a time limit, and at most
// 64 KiB of the answer is read, of which the first KiB is kept for the delivery log.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from '../safety/public-address';

export interface PostOptions {
  timeoutMs: number;
  /** Allow loopback and private addresses (WEBHOOKS_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  /** Keep-alive connections (endpoint-agents.ts); without them each POST opens its own. */
  agents?: { http: http.Agent; https: https.Agent };
}

export interface PostResult {
  /** 2xx */
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** The first KiB of the response body. */
  body: string;
}

export const MAX_READ_BYTES = 64 * 1024;
export const KEEP_BYTES = 1024;

export class UnsafeAddressError extends Error {}

/** A dns.lookup that refuses names with any non-public address (unless allowed). */
export function safeLookup(allowPrivate: boolean, resolve: typeof dnsLookup = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { family: options.family, hints: options.hints, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const refused = allowPrivate ? [] : addresses.filter((a) => !isPublicAddress(a.address));
      if (addresses.length === 0 || refused.length > 0) {
        const what = refused.length ? `a non-public address (${refused.map((a) => a.address).join(', ')})` : 'no address';
        return callback(new UnsafeAddressError(`${hostname} resolves to ${what}`), '', 0);
      }
      if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

export function postWebhook(url: string, body: string, headers: Record<string, string>, opts: PostOptions): Promise<PostResult> {
  const started = performance.now();
  const done = (r: Omit<PostResult, 'durationMs' | 'ok'>): PostResult => ({
    ...r,
    ok: r.error === null,
    durationMs: Math.round(performance.now() - started),
  });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve(done({ statusCode: null, error: 'invalid URL', body: '' }));
  }
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // Node does not call `lookup` for IP literals, so they are checked here.
  if (isIP(host) && !opts.allowPrivate && !isPublicAddress(host)) {
    return Promise.resolve(done({ statusCode: null, error: `${host} is a non-public address`, body: '' }));
  }
  const secure = target.protocol === 'https:';
  const request = secure ? https.request : http.request;
  const agent = opts.agents ? (secure ? opts.agents.https : opts.agents.http) : false;
  return new Promise((resolve) => {
    let settled = false;
    let req: http.ClientRequest;
    const finish = (r: Omit<PostResult, 'durationMs' | 'ok'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(r));
    };
    const timer = setTimeout(() => {
      finish({ statusCode: null, error: `no answer within ${opts.timeoutMs / 1000} s`, body: '' });
      req.destroy();
    }, opts.timeoutMs);
    const send = () => {
      let answered = false;
      req = request(
        target,
        {
          method: 'POST',
          agent,
          ...(agent ? {} : { lookup: safeLookup(opts.allowPrivate) }), // an agent connects through its own
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'Sling-Webhooks/1', ...headers },
        },
        (res) => {
          answered = true;
          const chunks: Buffer[] = [];
          let size = 0;
          const status = res.statusCode ?? 0;
          const error = status >= 200 && status < 300 ? null : status >= 300 && status < 400 ? `redirect (${status}) not followed` : `answered ${status}`;
          const complete = () => finish({ statusCode: res.statusCode ?? null, error, body: firstKiB(chunks) });
          res.on('data', (chunk: Buffer) => {
            if (size < KEEP_BYTES) chunks.push(chunk);
            size += chunk.length;
            if (size >= MAX_READ_BYTES) {
              complete();
              res.destroy();
            }
          });
          res.on('end', complete);
          res.on('error', complete); // the status is known; a cut-off body does not change the outcome
          res.on('close', complete);
        },
      );
      req.on('error', (err: NodeJS.ErrnoException) => {
        // A kept connection the endpoint closed while idle: send again (Node's advice for keep-alive
        // clients); each such connection is used up by it, and a new one is never "reused", so this
        // ends (as does the time limit). The receiver dedupes by webhook-id if it did get the first.
        if (!settled && !answered && req.reusedSocket && (err.code === 'ECONNRESET' || err.code === 'EPIPE')) return send();
        finish({ statusCode: null, error: describe(err), body: '' });
      });
      req.end(body);
    };
    send();
  });
}

function firstKiB(chunks: Buffer[]): string {
  // (NUL cannot be stored in a text column.)
  return Buffer.concat(chunks)
    .subarray(0, KEEP_BYTES)
    .toString('utf8')
    .replace(/\uFFFD$/, '')
    .replaceAll('\u0000', '');
}

function describe(err: NodeJS.ErrnoException): string {
  if (err instanceof UnsafeAddressError) return err.message;
  if (err.code === 'ECONNREFUSED') return 'connection refused';
  if (err.code === 'ENOTFOUND') return 'host not found';
  if (err.code === 'ECONNRESET') return 'connection reset';
  return err.code ? `${err.code}: ${err.message}` : err.message;
}
