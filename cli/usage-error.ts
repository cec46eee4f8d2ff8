/** A wrong command line: printed without a stack trace, exit code 2. */
export class UsageError extends Error {}
