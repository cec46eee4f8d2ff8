// One site's /favicon.ico — or, when it has none, the icon its home page names with
// <link rel="icon"> —, fetched for the links list by the server (never by the visitor's browser
// from third parties), made safe for arbitrary destinations as webhooks are: every address is
// checked when the connection is made (no DNS rebinding), at most three redirects (each checked the
// same way), a time limit on the whole exchange (both fetches share it), at most 64 KiB of icon and
// 256 KiB of page read, and only raster images kept (an SVG may carry scripts).
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
/** Enough for the <head> of nearly every home page; the icon link must come within it. */
const MAX_PAGE_BYTES = 256 * 1024;
const MAX_REDIRECTS = 3;
const TYPES = ['image/x-icon', 'image/vnd.microsoft.icon', 'image/png', 'image/gif', 'image/jpeg', 'image/webp'];

/** The icon at `origin`/favicon.ico or the one the home page links to, or null when there is none, it is refused, or it is too slow or too big. */
export async function fetchFavicon(origin: string, opts: FaviconOptions): Promise<Favicon | null> {
  const deadline = Date.now() + opts.timeoutMs;
  const image = (type: string) => TYPES.includes(type);
  const maxBytes = opts.maxBytes ?? MAX_FAVICON_BYTES;
  const ico = await follow(new URL('/favicon.ico', origin), opts, deadline, image, maxBytes);
  if (ico) return ico.body;
  const page = await follow(new URL('/', origin), opts, deadline, (type) => type === 'text/html', MAX_PAGE_BYTES, true);
  const href = page && iconHref(page.body.body.toString('utf8'));
  if (!page || !href || !URL.canParse(href, page.url)) return null;
  // The same checks as the first fetch: any address the link names is checked when connecting.
  const linked = await follow(new URL(href, page.url), opts, deadline, image, maxBytes);
  return linked?.body ?? null;
}

/** GETs `start`, following up to three redirects; the body when its type is accepted. */
async function follow(
  start: URL,
  opts: FaviconOptions,
  deadline: number,
  accept: (type: string) => boolean,
  maxBytes: number,
  truncate = false,
): Promise<{ url: URL; body: Favicon } | null> {
  let url = start;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const answer = await get(url, opts, deadline - Date.now(), accept, maxBytes, truncate);
    if (answer === null) return null;
    if ('redirect' in answer) {
      if (!URL.canParse(answer.redirect, url)) return null;
      url = new URL(answer.redirect, url);
      continue;
    }
    return { url, body: answer };
  }
  return null;
}

/** The href of the page's first <link rel="icon"> (or "shortcut icon"), data: URLs left out. */
export function iconHref(html: string): string | null {
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const attr = (name: string) =>
      new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
        .exec(tag)
        ?.slice(1)
        .find((v) => v !== undefined);
    const rel = attr('rel')?.toLowerCase().split(/\s+/) ?? [];
    const href = attr('href')?.trim().replace(/&amp;/g, '&');
    if (rel.includes('icon') && href && !href.toLowerCase().startsWith('data:')) return href;
  }
  return null;
}

type Answer = Favicon | { redirect: string } | null;

/** One GET; `truncate` keeps the first `maxBytes` of a longer body instead of refusing it (a page, not an icon). */
function get(url: URL, opts: FaviconOptions, timeoutMs: number, accept: (type: string) => boolean, maxBytes: number, truncate: boolean): Promise<Answer> {
  if (timeoutMs <= 0 || (url.protocol !== 'https:' && url.protocol !== 'http:')) return Promise.resolve(null);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // Node does not call `lookup` for IP literals, so they are checked here.
  if (isIP(host) && !opts.allowPrivate && !isPublicAddress(host)) return Promise.resolve(null);
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
    const req = request(
      url,
      {
        method: 'GET',
        agent: false,
        lookup: safeLookup(opts.allowPrivate),
        headers: { accept: truncate ? 'text/html' : 'image/*', 'user-agent': 'Sling favicon fetcher' },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) return finish({ redirect: res.headers.location });
        const type = (res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
        if (status !== 200 || !accept(type) || (!truncate && Number(res.headers['content-length'] ?? 0) > maxBytes)) return finish(null);
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size + chunk.length > maxBytes) return finish(truncate ? { type, body: Buffer.concat([...chunks, chunk]).subarray(0, maxBytes) } : null);
          size += chunk.length;
          chunks.push(chunk);
        });
        res.on('end', () => finish(size > 0 ? { type, body: Buffer.concat(chunks) } : null));
        res.on('error', () => finish(null));
      },
    );
    req.on('error', () => finish(null));
    req.end();
  });
}
