// Web-standard Response helpers for route handlers (no Next imports: usable from any runtime).
import { randomUUID } from 'node:crypto';
import { isDatabaseUnreachable } from '../db/database-unreachable';
import { AppError } from './errors';
import { logger } from '../log/logger';

export function json(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...init.headers },
  });
}

/** Maps a thrown error to the JSON error shape; unknown errors become 500 with a request id, no stack. */
export function errorResponse(err: unknown, headers: Record<string, string> = {}): Response {
  if (err instanceof AppError) {
    return json(err.toBody(), { status: err.status, headers: { ...headers, ...err.headers } });
  }
  const requestId = randomUUID();
  if (isDatabaseUnreachable(err)) {
    logger().error({ err, requestId }, 'database unreachable');
    const body = { error: { code: 'unavailable', message: 'The database cannot be reached just now; try again in a few seconds.', details: { request_id: requestId } } };
    return json(body, { status: 503, headers: { ...headers, 'Retry-After': '5' } });
  }
  logger().error({ err, requestId }, 'unhandled error');
  return json(
    { error: { code: 'internal', message: `Something went wrong on our side (request id ${requestId}).`, details: { request_id: requestId } } },
    { status: 500, headers },
  );
}
