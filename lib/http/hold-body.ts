// Every request body is bounded before anything reads it (issue 14: a 50 MiB chunked sign-in body
// was read whole by better-auth before any size check). server.ts holds the body here, ahead of the
// edge and Next: a declared length over the route's limit is refused unread; a chunked body is
// counted as it arrives and refused at the limit; a body within it is checked for NUL and invalid
// UTF-8 (text-checks.ts) and handed back to the request stream, so the route reads it as usual.
//
// How it is held: Node's HTTP parser delivers body bytes by calling `push` on the request; the
// request's own `push` is shadowed until the body is complete, then restored and given the bytes.
import type { IncomingMessage } from 'node:http';
import { MAX_FAVICON_BYTES } from '../domains/favicon-image';
import { LANDING_BODY_MAX_BYTES } from '../landing/landing-size';
import { MAX_PREVIEW_IMAGE_BYTES } from '../previews/preview-image';
import { bodyProblem } from './text-checks';
import { MAX_IMPORT_BYTES } from '../schemas/import';

/** The largest body of any route not listed in BODY_LIMITS. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * Routes that take more: the logo upload (a 256 KiB image in multipart framing), a domain's favicon
 * (a 512 KiB PNG, the route's own limit) and a domain's
 * landing page (512 KiB of code, JSON-escaped; the page's own limit is checked by its route), an
 * import's file and a bulk create's body.
 */
const BODY_LIMITS: ReadonlyArray<{ path: RegExp; bytes: number }> = [
  { path: /^\/api\/v1\/links\/[^/]+\/qr\/logo\/?$/, bytes: 512 * 1024 },
  { path: /^\/api\/v1\/domains\/[^/]+\/favicon\/?$/, bytes: MAX_FAVICON_BYTES },
  { path: /^\/api\/v1\/domains\/[^/]+\/landing\/?$/, bytes: LANDING_BODY_MAX_BYTES },
  { path: /^\/api\/v1\/links\/[^/]+\/preview\/image\/?$/, bytes: MAX_PREVIEW_IMAGE_BYTES },
  // A bulk import's file (50 MB, plus multipart framing) and 100 links of POST /api/v1/links/bulk.
  { path: /^\/api\/v1\/imports\/?$/, bytes: MAX_IMPORT_BYTES + 64 * 1024 },
  { path: /^\/api\/v1\/links\/bulk\/?$/, bytes: 512 * 1024 },
];

export function bodyLimitFor(url: string): number {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  return BODY_LIMITS.find((l) => l.path.test(path))?.bytes ?? DEFAULT_BODY_LIMIT;
}

/** True when the request announces a body (a length above 0, or chunked framing). */
export function announcesBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

export type BodyRefusal = { status: 400 | 413; code: 'invalid_request' | 'payload_too_large'; message: string } | { status: 0 };

/**
 * Resolves null once the whole body is held and handed back, or the reason to refuse it (status 0:
 * the client left). A refused body is read on and dropped (Node discards it unbuffered), so a client
 * still sending can read the answer — closing at once made it fail with EPIPE instead; a client
 * still sending LINGER_MS after the refusal is disconnected.
 */
export function holdBody(req: IncomingMessage, limit: number): Promise<BodyRefusal | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    const ownPush = req.push;
    const refuse = (why: BodyRefusal) => {
      refused = true;
      chunks.length = 0;
      resolve(why);
      setTimeout(() => req.complete || req.socket.destroy(), LINGER_MS).unref();
    };
    req.push = (chunk: Buffer | null) => {
      if (chunk === null) {
        req.push = ownPush;
        if (!refused) {
          const body = Buffer.concat(chunks, size);
          const problem = bodyProblem(body, req.headers['content-type']);
          if (problem !== null) refuse({ status: 400, code: 'invalid_request', message: problem });
          else {
            resolve(null);
            if (body.length > 0) ownPush.call(req, body);
          }
        }
        return ownPush.call(req, null);
      }
      if (refused) return true;
      size += chunk.length;
      if (size > limit) refuse(tooLarge(limit));
      else chunks.push(chunk);
      return true;
    };
    req.once('close', () => resolve({ status: 0 }));
    if (Number(req.headers['content-length'] ?? 0) > limit) refuse(tooLarge(limit));
  });
}

/** How long a client may go on sending a refused body before the connection is cut. */
const LINGER_MS = 2_000;

function tooLarge(limit: number): BodyRefusal {
  return { status: 413, code: 'payload_too_large', message: `The request body is larger than this endpoint takes (${limit / 1024} KiB).` };
}
