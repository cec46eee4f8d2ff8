// GET /favicon.ico on a custom domain: the favicon its owners uploaded, else Sling's icon (both PNG,
// which every browser takes at that path). Cached by browsers and proxies for ten minutes, so a new
// upload shows within that time; never served on another host (server.ts asks only for the
// visited domain's id).
import type { ServerResponse } from 'node:http';
import { slingIcon } from '../qr/domain-favicon';

/**
 * /favicon.ico, and /icon.svg: the icon link Next writes into the link pages (/l/…) from app/icon.svg,
 * which on a custom domain must show that domain's icon too (browsers go by the answer's type).
 */
export const FAVICON_PATH = /^\/(favicon\.ico|icon\.svg)(\?|$)/;

export function answerFavicon(res: ServerResponse, uploaded: Buffer | undefined): void {
  const body = uploaded ?? slingIcon().data;
  res.writeHead(200, {
    'Content-Type': 'image/png',
    'Content-Length': String(body.length),
    'Cache-Control': 'public, max-age=600',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(body);
}
