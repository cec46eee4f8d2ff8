// What a visitor gets when their visit needs the database and it cannot be reached: the link pages'
// small "try again in a moment" page, 503 with Retry-After, instead of the API's JSON. Whether the
// database is away is decided in one place (lib/core/database-unreachable.ts); anything else still
// fails as before (failRequest). docs/self-hosting/production.md, "When the database is away".
import type { ServerResponse } from 'node:http';
import { databaseUnavailable } from '../core/database-unreachable';
import { logger } from '../core/logger';
import { newRequestId } from '../core/request-id';
import { failRequest } from '../http/node-answers';
import { linkPageHeaders } from '../http/security-headers';
import { type Brand, unavailableContent } from './page-content';
import { pageDocument, pageHtml } from './page-html';

export interface VisitFailureOptions {
  /** The short domain the visitor came to, when known. */
  brand?: Brand;
  /** The page's headers (the link pages' own by default). */
  headers?: Record<string, string>;
}

/** Answers a visitor's failed request on a node:http response: the 503 page when the database is away, else failRequest. */
export function sendVisitFailure(res: ServerResponse, err: unknown, opts: VisitFailureOptions = {}): void {
  const away = databaseUnavailable(err);
  if (!away || res.headersSent) return failRequest(res, err);
  const requestId = logAway(err);
  const content = unavailableContent(opts.brand);
  const html = pageDocument(content);
  res.writeHead(content.status, {
    ...(opts.headers ?? linkPageHeaders({ https: false, dev: false })),
    ...away.headers,
    'X-Request-Id': requestId,
    'Content-Length': String(Buffer.byteLength(html)),
  });
  res.end(html);
}

/** Runs a link page's handler (a web Response); with the database away, the 503 page instead of its error. */
export async function pageUnlessDatabaseAway(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (err) {
    const away = databaseUnavailable(err);
    if (!away) throw err;
    // Before the link is read the page cannot know its domain: no name on top.
    const res = pageHtml(unavailableContent());
    for (const [name, value] of Object.entries({ ...away.headers, 'X-Request-Id': logAway(err) })) res.headers.set(name, value);
    return res;
  }
}

function logAway(err: unknown): string {
  const requestId = newRequestId();
  logger().error({ err, requestId }, 'database unreachable');
  return requestId;
}
