// SCIM's own error shape (RFC 7644 §3.12): identity providers read `status` and `scimType`, so the
// SCIM endpoints answer with it instead of Sling's { error: { code, … } }.
import { z } from 'zod';
import { AppError } from '../core/errors';
import { errorResponse } from '../core/json-response';
import { SCIM_ERROR_SCHEMA } from './scim-schema';

export type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers'
  | 'sensitive';

export class ScimError extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
    this.name = 'ScimError';
  }
}

export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';

export function scimJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': SCIM_CONTENT_TYPE, 'cache-control': 'no-store', ...headers } });
}

export function scimErrorBody(status: number, detail: string, scimType?: ScimType) {
  return { schemas: [SCIM_ERROR_SCHEMA], status: String(status), ...(scimType ? { scimType } : {}), detail };
}

/** zod's issues as one sentence naming each attribute. */
export function zodDetail(err: z.ZodError): string {
  return err.issues.map((i) => `${i.path.join('.') || 'body'} ${i.message}`).join('; ');
}

export function scimErrorResponse(err: unknown): Response {
  if (err instanceof ScimError) return scimJson(scimErrorBody(err.status, err.message, err.scimType), err.status);
  if (err instanceof z.ZodError) return scimJson(scimErrorBody(400, zodDetail(err), 'invalidValue'), 400);
  if (err instanceof AppError) {
    const scimType = err.code === 'invalid_request' ? 'invalidSyntax' : undefined;
    return scimJson(scimErrorBody(err.status, err.message, scimType), err.status, err.headers);
  }
  // Unknown errors: logged with a request id by the one error mapper, then shown in SCIM's shape.
  const res = errorResponse(err);
  return scimJson(scimErrorBody(res.status, 'Something went wrong on Sling’s side; try again.'), res.status);
}
