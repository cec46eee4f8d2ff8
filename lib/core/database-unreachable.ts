// Recognises "the database cannot be reached" (refused, reset or timed-out connections, a server
// shutting down) from pg, PGlite or drizzle's wrapper: such a request answers 503 with Retry-After,
// not 500, and nothing was written (the statement never ran or its transaction rolled back). The one
// place that decides it: the API answers it as JSON (json-response.ts, node-answers.ts), a visitor
// as the link pages' "try again in a moment" page (lib/link-pages/unavailable-page.ts).
import { AppError } from './errors';

const CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed/i;

function isDatabaseUnreachable(err: unknown): boolean {
  for (let e = err as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0; e && depth < 8; e = e.cause as never, depth++) {
    if (typeof e.code === 'string' && CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** How long a client is asked to wait before trying again while the database is away (seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The answer to a request that failed with `err`, when it failed because the database is away: 503 `unavailable`, Retry-After. */
export function databaseUnavailable(err: unknown): AppError | undefined {
  if (!isDatabaseUnreachable(err)) return undefined;
  return new AppError('unavailable', 'The database cannot be reached just now; try again in a few seconds.', undefined, {
    'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
  });
}
