// Recognises a unique-constraint violation (SQLSTATE 23505) from pg, PGlite or drizzle's wrapper.
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (e.code === '23505') return !constraint || !e.constraint || e.constraint === constraint;
  }
  return false;
}
