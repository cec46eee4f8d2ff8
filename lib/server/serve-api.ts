// The API on node:http: a matched route's handler gets a web Request whose body is read from the
// socket only when the handler reads it (after authentication and authorisation, up to the route's
// limit), and its Response is written back, compressed where that pays. An "Expect: 100-continue"
// client is told to send its body only when a handler reads it, so a refused caller never sends it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, gzipSync } from 'node:zlib';
import { limitedBody } from '../api/limited-body';
import type { Router } from '../api/router';
import { logger } from '../core/logger';

/** Answers compressed from this size up, as Next did before the router (its compression's default threshold). */
const GZIP_FROM_BYTES = 1024;
/** How long a client that is still sending a body nobody will read may keep the connection after its answer. */
const LINGER_MS = 2_000;

/** Serves an API request; `path` is the routed path (no query, dot segments resolved). */
export async function serveApi(router: Router, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const found = router.find(req.method ?? 'GET', path, q === -1 ? '' : url.slice(q));
  const response = found.kind === 'answer' ? found.response() : await router.run(found.route, found.params, toWebRequest(req, res, found.route.bodyLimit));
  await writeResponse(req, res, response);
}

/** The node request as a web Request; its body stays on the socket until read, and never past `limit`. */
export function toWebRequest(req: IncomingMessage, res: ServerResponse, limit: number): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (value !== undefined) for (const v of value) headers.append(name, v);
  }
  const scheme = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  const url = `${scheme}://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`;
  const hasBody = (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0') || req.headers['transfer-encoding'] !== undefined;
  if (!hasBody || req.method === 'GET' || req.method === 'HEAD') return new Request(url, { method: req.method, headers });
  let started = false;
  const next = () => {
    if (!started) {
      started = true;
      if (/^100-continue$/i.test(req.headers.expect ?? '')) res.writeContinue();
    }
    return nextChunk(req);
  };
  const declaredLength = Number(req.headers['content-length'] ?? 0) || undefined;
  const body = limitedBody(next, { limit, contentType: req.headers['content-type'] ?? null, declaredLength });
  return new Request(url, { method: req.method, headers, body, duplex: 'half' } as RequestInit);
}

/** The next chunk of the request's body, or null at its end; rejects when the client leaves mid-body. */
function nextChunk(req: IncomingMessage): Promise<Uint8Array | null> {
  return new Promise((resolve, reject) => {
    const done = (fn: () => void) => {
      req.off('readable', onReadable).off('end', onEnd).off('error', onError).off('close', onClose);
      fn();
    };
    const onReadable = () => {
      const chunk = req.read() as Buffer | null;
      if (chunk !== null) done(() => resolve(chunk));
    };
    const onEnd = () => done(() => resolve(null));
    const onError = (err: Error) => done(() => reject(err));
    const onClose = () => done(() => (req.complete ? resolve(null) : reject(new Error('aborted'))));
    if (req.readableEnded) return resolve(null);
    req.on('readable', onReadable).on('end', onEnd).on('error', onError).on('close', onClose);
    onReadable();
  });
}

/** Writes a web Response on the node response; headers already set there (security headers) stay unless replaced. */
export async function writeResponse(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  lingerOnUnreadBody(req, res);
  if (response.body === null) return void res.end();
  if (isEventStream(response)) return writeEventStream(res, response.body);
  const gzip = compressible(response) && /\bgzip\b/i.test(req.headers['accept-encoding'] ?? '');
  if (gzip) res.appendHeader('vary', 'Accept-Encoding');
  const reader = response.body.getReader();
  const first = await reader.read();
  const second = first.done ? first : await reader.read();
  if (second.done) {
    // A body of one piece (most answers): sent whole, with its length, compressed from 1 KiB up.
    let body: Buffer = first.done ? Buffer.alloc(0) : Buffer.from(first.value);
    if (gzip && body.length >= GZIP_FROM_BYTES) {
      body = gzipSync(body);
      res.setHeader('content-encoding', 'gzip');
    }
    res.setHeader('content-length', body.length);
    return void res.end(body);
  }
  // A streamed body (exports): written as it comes.
  res.removeHeader('content-length');
  if (gzip) res.setHeader('content-encoding', 'gzip');
  async function* chunks() {
    yield first.value!;
    yield second.value!;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  }
  try {
    await (gzip ? pipeline(Readable.from(chunks()), createGzip(), res) : pipeline(Readable.from(chunks()), res));
  } catch (err) {
    // The client left, or the handler's stream failed after the answer began: nothing more can be said.
    if (!res.destroyed) logger().error({ err }, 'API answer stream failed');
    res.destroy();
    await reader.cancel().catch(() => {});
  }
}

/**
 * A body the handler never read (a refusal before it, or one cut at the limit) stays unread: the
 * answer says the connection closes, the server half-closes after it and cuts the connection
 * LINGER_MS later. Nothing more of the body is read, so a refused upload of any size costs only
 * what the kernel buffers; the half-close (not Node's immediate close, which resets a connection
 * with bytes still arriving) lets the client read its answer first.
 */
function lingerOnUnreadBody(req: IncomingMessage, res: ServerResponse): void {
  if (req.complete) return;
  // Takes what is buffered (at most a read or two) and so marks the body as being consumed: Node
  // would otherwise read on and drop the rest of it after the answer, at the client's pace.
  req.read();
  const socket = req.socket as Socket & { destroySoon?: () => void };
  socket.destroySoon = () => socket.end();
  res.setHeader('connection', 'close');
  res.once('finish', () => setTimeout(() => req.complete || socket.destroy(), LINGER_MS).unref());
}

/** An event stream's client that leaves this much unread is cut off (it reconnects with Last-Event-ID). */
export const EVENT_STREAM_UNSENT_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Server-sent events (the live clicks stream): headers at once, each event as it comes, never
 * compressed (gzip would hold events back); the client leaving cancels the handler's stream. A client
 * that reads more slowly than events come is disconnected once EVENT_STREAM_UNSENT_MAX_BYTES wait for
 * it, so it cannot make Sling hold an unbounded backlog; EventSource reconnects and resumes.
 */
async function writeEventStream(res: ServerResponse, body: ReadableStream<Uint8Array>): Promise<void> {
  const reader = body.getReader();
  res.removeHeader('content-length');
  res.flushHeaders();
  res.once('close', () => void reader.cancel().catch(() => {}));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || res.destroyed) break;
      res.write(value);
      if (res.writableLength > EVENT_STREAM_UNSENT_MAX_BYTES) {
        logger().warn({ unsent: res.writableLength }, 'event stream client too slow; disconnected');
        res.destroy();
        await reader.cancel().catch(() => {});
        return;
      }
    }
  } catch {
    // the stream failed or was cancelled: the answer ends here
  }
  res.end();
}

function isEventStream(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').toLowerCase().startsWith('text/event-stream');
}

function compressible(response: Response): boolean {
  if (response.headers.has('content-encoding')) return false;
  const type = (response.headers.get('content-type') ?? '').split(';', 1)[0].trim().toLowerCase();
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'image/svg+xml' ||
    type.endsWith('+xml') ||
    type === 'application/xml'
  );
}
