// Recognises "the database cannot be reached" (refused, reset or timed-out connections, a server
// shutting down) from pg, PGlite or drizzle's wrapper: such a request answers 503 with Retry-After,
// not 500, and nothing was written (the statement never ran or its transaction rolled back).
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

export function isDatabaseUnreachable(err: unknown): boolean {
  for (let e = err as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0; e && depth < 8; e = e.cause as never, depth++) {
    if (typeof e.code === 'string' && CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true;
  }
  return false;
}
