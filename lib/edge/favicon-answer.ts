// GET /favicon.ico on a custom domain: the favicon its owners uploaded, else Sling's icon (both PNG,
// which every browser takes at that path). Cached by browsers and proxies for ten minutes, so a new
// upload shows within that time; never served on another host (server.ts asks only for the
// visited domain's id).
import type { ServerResponse } from 'node:http';
import { slingIcon } from '../qr/domain-favicon';

export const FAVICON_PATH = /^\/favicon\.ico(\?|$)/;

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
