// Every body bound for Next (pages, link-page forms) is bounded before anything reads it: a 50 MiB
// chunked body was once read whole before any size check. server.ts holds the body here, ahead of
// the edge and Next: a declared length over the route's limit is refused unread; a chunked body is
// counted as it arrives and refused at the limit; a body within it is checked for NUL and invalid
// UTF-8 (text-checks.ts) and handed back to the request stream, so the route reads it as usual.
//
// How it is held: Node's HTTP parser delivers body bytes by calling `push` on the request; the
// request's own `push` is shadowed until the body is complete, then restored and given the bytes.
import type { IncomingMessage } from 'node:http';
import { bodyProblem } from './text-checks';

/**
 * The most any page or link-page form takes. The API's bodies are not held here: its router reads
 * each only after the caller is authenticated, up to the route's own limit (lib/server/serve-api.ts).
 */
export const PAGE_BODY_LIMIT = 64 * 1024;

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
