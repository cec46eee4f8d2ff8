// Request ids: every error answer carries one in X-Request-Id, and 5xx bodies and the log name it too.
import { randomUUID } from 'node:crypto';

export function newRequestId(): string {
  return randomUUID();
}
