// Web-standard Response helpers for route handlers (no Next imports: usable from any runtime).
import { databaseUnavailable } from './database-unreachable';
import { AppError, errorBody } from './errors';
import { newRequestId } from './request-id';
import { logger } from './logger';

export function json(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...init.headers },
  });
}

/**
 * The one writer of the JSON error shape: an AppError as its code and message; anything else a 500
 * (or a 503 with the database away) naming the request id, never a stack. Every error answer carries
 * its request id in X-Request-Id.
 */
export function errorResponse(err: unknown, headers: Record<string, string> = {}): Response {
  const requestId = newRequestId();
  headers = { ...headers, 'X-Request-Id': requestId };
  if (err instanceof AppError) {
    return json(err.toBody(), { status: err.status, headers: { ...headers, ...err.headers } });
  }
  const away = databaseUnavailable(err);
  if (away) {
    logger().error({ err, requestId }, 'database unreachable');
    return json(errorBody(away.code, away.message, { request_id: requestId }), { status: away.status, headers: { ...headers, ...away.headers } });
  }
  logger().error({ err, requestId }, 'unhandled error');
  return json(errorBody('internal', `Something went wrong on our side (request id ${requestId}).`, { request_id: requestId }), { status: 500, headers });
}
