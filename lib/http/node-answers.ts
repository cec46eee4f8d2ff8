// JSON answers on node:http responses, for the layers in server.ts that answer before Next does.
import { SCIM_CONTENT_TYPE, scimErrorBody } from '../scim/scim-error';
import { STATUS_CODES, type ServerResponse } from 'node:http';
import { logger } from '../core/logger';
import { AppError, ERROR_STATUS, errorBody, type ErrorCode } from '../core/errors';
import { newRequestId } from '../core/request-id';
import { databaseUnavailable } from '../core/database-unreachable';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(text);
}

/**
 * An error answered before any route runs (bad bytes in the address, a refused body, no such
 * endpoint): Sling's { error: { code, message, doc_url } }, or SCIM's error shape under /api/scim/, which
 * identity providers read (RFC 7644 §3.12).
 */
export function sendApiError(res: ServerResponse, url: string | undefined, code: ErrorCode, message: string, headers: Record<string, string> = {}) {
  const err = new AppError(code, message);
  const requestId = newRequestId();
  if (!(url ?? '').startsWith('/api/scim/')) return sendJson(res, err.status, err.toBody(), { ...headers, 'X-Request-Id': requestId });
  res.writeHead(err.status, { ...headers, 'Content-Type': SCIM_CONTENT_TYPE, 'Cache-Control': 'no-store', 'X-Request-Id': requestId });
  res.end(JSON.stringify(scimErrorBody(err.status, message)));
}

/**
 * An unexpected failure: logged with a request id, and a 500 naming it (or a cut connection once the
 * answer has begun); with the database away, 503 `unavailable` and Retry-After, as the API answers.
 */
export function failRequest(res: ServerResponse, err: unknown) {
  const requestId = newRequestId();
  const away = databaseUnavailable(err);
  logger().error({ err, requestId }, away ? 'database unreachable' : 'request failed');
  if (res.headersSent) return void res.destroy();
  if (away) return sendJson(res, away.status, errorBody(away.code, away.message, { request_id: requestId }), { ...away.headers, 'X-Request-Id': requestId });
  const body = errorBody('internal', `Something went wrong on our side (request id ${requestId}).`, { request_id: requestId });
  sendJson(res, ERROR_STATUS.internal, body, { 'X-Request-Id': requestId });
}

/** The JSON error shape as a raw HTTP/1.1 answer, for the layers that write on the socket itself (before Node's parser is done). */
export function rawErrorAnswer(code: ErrorCode, message: string, headers: Record<string, string> = {}): string {
  const err = new AppError(code, message);
  const body = JSON.stringify(err.toBody());
  const lines = Object.entries({
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    'X-Request-Id': newRequestId(),
    ...headers,
    Connection: 'close',
  });
  return `HTTP/1.1 ${err.status} ${STATUS_CODES[err.status]}\r\n${lines.map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n${body}`;
}

/** Answers from a per-host cache that is synchronous once warm: no promise on a hit; a failed load goes to `fail`. */
export function answerWhenReady<T>(value: T | Promise<T>, answer: (value: T) => void, fail: (err: unknown) => void): void {
  if (value instanceof Promise) return void value.then(answer).catch(fail);
  answer(value);
}
