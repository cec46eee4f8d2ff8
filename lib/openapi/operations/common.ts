// Shorthands for declaring operations: the errors every workspace route can return, JSON answers.
import { z } from 'zod';
import type { ErrorCode } from '../../core/errors';
import type { AuthScheme, OperationResponse } from '../../http/operation';

/** A workspace route (withWorkspace): a token or a session; 401 without, 403 without the permission, 429 over the limit. */
export const WORKSPACE_AUTH: AuthScheme[] = ['bearer', 'session'];
export const SESSION_ONLY: AuthScheme[] = ['session'];

export function workspaceErrors(...extra: ErrorCode[]): ErrorCode[] {
  return [...new Set<ErrorCode>(['unauthorized', 'forbidden', 'rate_limited', ...extra])];
}

export function ok(schema: z.ZodType, description = 'OK'): OperationResponse {
  return { description, schema };
}

export const NO_CONTENT: OperationResponse = { description: 'Done; no body.' };

/** A domain's id in the path (its landing page and favicon). */
export const ZIdParams = z.object({ id: z.string().meta({ description: 'The domain id.', examples: ['7'] }) });
