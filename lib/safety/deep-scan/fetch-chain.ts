// The deep scan's fetcher: follows a destination's redirects the way a browser would, made safe for
// arbitrary user-given URLs. Every address is checked when its connection is made (checked-lookup.ts:
// a name cannot resolve publicly for a check and privately for the connection) and IP literals are
// checked before connecting; each redirect is followed by hand and checked the same way, at most
// MAX_REDIRECTS of them; connecting and the whole chain have time limits; at most MAX_BYTES of the
// final answer are read, enough for its <title>.
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { ScanHop } from '../../../db/schema/link-scans';
import { checkedLookup, isAllowedAddress, PrivateAddressError, type AllowPrivate, type Resolve } from '../checked-lookup';

export const MAX_REDIRECTS = 5;
export const MAX_BYTES = 256 * 1024;
const CONNECT_TIMEOUT_MS = 5_000;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export interface ChainOptions {
  /** Allow loopback and private addresses (SAFETY_ALLOW_PRIVATE, tests only): all of them, or those
   *  a predicate admits. */
  allowPrivate: AllowPrivate;
  /** For the whole chain. */
  timeoutMs: number;
  connectTimeoutMs?: number;
  maxBytes?: number;
  /** Name resolution; the system resolver unless a test supplies its own. */
  resolve?: Resolve;
}

export type ChainOutcome = 'ok' | 'private_address' | 'too_many_redirects' | 'unreachable';

export interface ChainResult {
  outcome: ChainOutcome;
  /** Every address visited, the first one included, with its answer's status. */
  hops: ScanHop[];
  /** The last address reached (or refused). */
  finalUrl: string;
  httpStatus: number | null;
  title: string | null;
  /** What went wrong, in words, when the outcome is not ok. */
  error: string | null;
  durationMs: number;
}

export async function fetchChain(start: string, opts: ChainOptions): Promise<ChainResult> {
  const started = Date.now();
  const deadline = started + opts.timeoutMs;
  const hops: ScanHop[] = [];
  const result = (r: Omit<ChainResult, 'hops' | 'durationMs'>): ChainResult => ({ ...r, hops, durationMs: Date.now() - started });
  let url = new URL(start);
  for (let redirects = 0; ; redirects++) {
    const hop: ScanHop = { url: url.href, status: null };
    hops.push(hop);
    if (redirects > MAX_REDIRECTS) {
      return result({ outcome: 'too_many_redirects', finalUrl: url.href, httpStatus: null, title: null, error: `more than ${MAX_REDIRECTS} redirects` });
    }
    let answer: Answer;
    try {
      answer = await get(url, opts, deadline - Date.now());
    } catch (err) {
      const outcome = err instanceof PrivateAddressError ? 'private_address' : 'unreachable';
      return result({ outcome, finalUrl: url.href, httpStatus: null, title: null, error: err instanceof Error ? err.message : String(err) });
    }
    hop.status = answer.status;
    if (answer.location === undefined) {
      return result({ outcome: 'ok', finalUrl: url.href, httpStatus: answer.status, title: answer.title, error: null });
    }
    const next = URL.canParse(answer.location, url) ? new URL(answer.location, url) : null;
    if (!next || (next.protocol !== 'http:' && next.protocol !== 'https:')) {
      return result({
        outcome: 'unreachable',
        finalUrl: url.href,
        httpStatus: answer.status,
        title: null,
        error: `redirect to an address that is not http(s): ${answer.location.slice(0, 200)}`,
      });
    }
    url = next;
  }
}

interface Answer {
  status: number;
  location?: string;
  title: string | null;
}

function get(url: URL, opts: ChainOptions, timeoutMs: number): Promise<Answer> {
  if (timeoutMs <= 0) return Promise.reject(new Error('the scan ran out of time'));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // Node does not call `lookup` for IP literals, so they are checked here.
  if (isIP(host) && !isAllowedAddress(host, opts.allowPrivate)) {
    return Promise.reject(new PrivateAddressError(`${host} is not a public address`));
  }
  const maxBytes = opts.maxBytes ?? MAX_BYTES;
  const request = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (err: Error | null, answer?: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(total);
      clearTimeout(connect);
      req.destroy();
      if (err) reject(err);
      else resolve(answer!);
    };
    const total = setTimeout(() => finish(new Error('the scan ran out of time')), timeoutMs);
    const connect = setTimeout(
      () => finish(new Error(`no connection to ${url.host} within ${opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS} ms`)),
      Math.min(timeoutMs, opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS),
    );
    const req = request(
      url,
      {
        method: 'GET',
        agent: false,
        lookup: checkedLookup(opts.allowPrivate, opts.resolve),
        headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5', 'user-agent': 'Mozilla/5.0 (compatible; Sling link scanner)' },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const location = res.headers.location;
        if (REDIRECT_STATUSES.has(status) && location) return finish(null, { status, location, title: null });
        const html = /html/i.test(res.headers['content-type'] ?? '');
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => finish(null, { status, title: html ? pageTitle(Buffer.concat(chunks).toString('utf8')) : null });
        res.on('data', (chunk: Buffer) => {
          if (size >= maxBytes) return;
          chunks.push(chunk.subarray(0, maxBytes - size));
          size += chunk.length;
          // Enough read: the title is near the top, and a page may be endless.
          if (size >= maxBytes) done();
        });
        res.on('end', done);
        res.on('error', (err) => finish(err));
      },
    );
    req.on('socket', (socket) => socket.once('connect', () => clearTimeout(connect)));
    req.on('error', (err) => finish(err));
    req.end();
  });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The page's <title>, entities decoded and whitespace collapsed, at most 300 characters. */
export function pageTitle(html: string): string | null {
  const m = /<title[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html);
  if (!m) return null;
  const text = m[1]
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
      if (e[0] !== '#') return ENTITIES[e.toLowerCase()] ?? all;
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    })
    .replace(/\s+/g, ' ')
    .trim();
  return text === '' ? null : text.slice(0, 300);
}
