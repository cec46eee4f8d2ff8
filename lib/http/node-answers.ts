// JSON answers on node:http responses, for the layers in server.ts that answer before Next does.
import { SCIM_CONTENT_TYPE, scimErrorBody } from '../scim/scim-error';
import type { ServerResponse } from 'node:http';
import { logger } from '../log/logger';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(text);
}

/**
 * An error answered before any route runs (bad bytes in the address, a refused body, no such
 * endpoint): Sling's { error: { code, message } }, or SCIM's error shape under /api/scim/, which
 * identity providers read (RFC 7644 §3.12).
 */
export function sendApiError(res: ServerResponse, url: string | undefined, status: number, code: string, message: string, headers: Record<string, string> = {}) {
  if (!(url ?? '').startsWith('/api/scim/')) return sendJson(res, status, { error: { code, message } }, headers);
  res.writeHead(status, { ...headers, 'Content-Type': SCIM_CONTENT_TYPE, 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(scimErrorBody(status, message)));
}

/** An unexpected failure: logged, and a fixed 500 (or a cut connection once the answer has begun). */
export function failRequest(res: ServerResponse, err: unknown) {
  logger().error({ err }, 'request failed');
  if (res.headersSent) return void res.destroy();
  sendJson(res, 500, { error: { code: 'internal', message: 'Something went wrong on our side.' } });
}

/** Answers from a per-host cache that is synchronous once warm: no promise on a hit. */
export function answerWhenReady<T>(res: ServerResponse, value: T | Promise<T>, answer: (value: T) => void): void {
  if (value instanceof Promise) return void value.then(answer).catch((err) => failRequest(res, err));
  answer(value);
}
