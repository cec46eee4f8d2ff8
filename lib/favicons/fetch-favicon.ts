// One site's /favicon.ico, fetched for the links list by the server (never by the visitor's browser
// from third parties), made safe for arbitrary destinations as webhooks are: every address is
// checked when the connection is made (no DNS rebinding), at most three redirects (each checked the
// same way), a time limit on the whole exchange, at most 64 KiB read, and only raster images kept
// (an SVG may carry scripts).
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isPublicAddress } from '../safety/public-address';
import { safeLookup } from '../webhooks/post-webhook';

export interface FaviconOptions {
  timeoutMs: number;
  /** Allow loopback and private addresses (FAVICONS_ALLOW_PRIVATE, for tests). */
  allowPrivate: boolean;
  maxBytes?: number;
}

export interface Favicon {
  type: string;
  body: Buffer;
}

export const MAX_FAVICON_BYTES = 64 * 1024;
const MAX_REDIRECTS = 3;
const TYPES = ['image/x-icon', 'image/vnd.microsoft.icon', 'image/png', 'image/gif', 'image/jpeg', 'image/webp'];

/** The icon at `origin`/favicon.ico, or null when there is none, it is refused, or it is too slow or too big. */
export async function fetchFavicon(origin: string, opts: FaviconOptions): Promise<Favicon | null> {
  const deadline = Date.now() + opts.timeoutMs;
  let url = new URL('/favicon.ico', origin);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const answer = await get(url, opts, deadline - Date.now());
    if (answer === null) return null;
    if ('redirect' in answer) {
      if (!URL.canParse(answer.redirect, url)) return null;
      url = new URL(answer.redirect, url);
      continue;
    }
    return answer;
  }
  return null;
}

type Answer = Favicon | { redirect: string } | null;

function get(url: URL, opts: FaviconOptions, timeoutMs: number): Promise<Answer> {
  if (timeoutMs <= 0 || (url.protocol !== 'https:' && url.protocol !== 'http:')) return Promise.resolve(null);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // Node does not call `lookup` for IP literals, so they are checked here.
  if (isIP(host) && !opts.allowPrivate && !isPublicAddress(host)) return Promise.resolve(null);
  const maxBytes = opts.maxBytes ?? MAX_FAVICON_BYTES;
  const request = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (a: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(a);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    const req = request(url, { method: 'GET', agent: false, lookup: safeLookup(opts.allowPrivate), headers: { accept: 'image/*', 'user-agent': 'Sling favicon fetcher' } }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) return finish({ redirect: res.headers.location });
      const type = (res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      if (status !== 200 || !TYPES.includes(type) || Number(res.headers['content-length'] ?? 0) > maxBytes) return finish(null);
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) return finish(null);
        chunks.push(chunk);
      });
      res.on('end', () => finish(size > 0 ? { type, body: Buffer.concat(chunks) } : null));
      res.on('error', () => finish(null));
    });
    req.on('error', () => finish(null));
    req.end();
  });
}
