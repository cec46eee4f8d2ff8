// An API operation declared once: its method and path, who may call it, the schemas of its path
// parameters, query and body, its answers and the error codes it can return. The same object
// parses the request (operationHandler) and describes the route in the OpenAPI document
// (lib/openapi/build-document.ts); a route's handler carries its operation, so a test can check that
// every route parses its input through one (tests/unit/route-schemas.test.ts).
import type { z } from 'zod';
import type { AppError, ErrorCode } from '../core/errors';
import type { Permission } from '../tenancy/permissions';
import { readJsonBody, readOptionalJsonBody } from './read-json-body';
import { readUpload, type Upload } from './read-upload';
import { parseWithAsync } from '../schemas/parse-input';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** bearer: Authorization: Bearer <token>; session: the dashboard's cookie; token_param: Variant B's "token". */
export type AuthScheme = 'bearer' | 'session' | 'token_param' | 'admin_session';

export interface OperationResponse {
  description: string;
  /** JSON body schema; absent: no body (204) or a non-JSON body (contentType). */
  schema?: z.ZodType;
  /** A non-JSON answer's type, or the types it may be (an image: PNG or SVG). */
  contentType?: string | readonly string[];
  headers?: Record<string, string>;
}

/**
 * A body that is not JSON (an image, a file): read as bytes up to maxBytes (413 beyond, with the
 * route's own error), handed to the handler as `upload`; the handler judges the bytes themselves.
 */
export interface UploadSpec {
  /** The content types the document lists for the body. */
  contentTypes: readonly string[];
  maxBytes: number;
  /** The 413 for a body over maxBytes. */
  tooLarge: () => AppError;
  /**
   * multipart/form-data is taken too: the file in this field, the form's other fields read as
   * query parameters (parsed by the query schema).
   */
  multipartField?: string;
}

export interface Operation<P extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> {
  id: string;
  method: Method;
  /** OpenAPI style: /api/v1/links/{id}. */
  path: string;
  summary: string;
  tag: string;
  /** Empty: public. */
  auth: AuthScheme[];
  /**
   * What the caller must be allowed (a member's role, a token's scopes): checked before the handler
   * runs and before the body is read, and stated in the OpenAPI document.
   */
  permission?: Permission;
  /**
   * Counted against a rate limit (X-RateLimit-* headers on every answer); 'tokens': only requests
   * with a token are (withWorkspace does not count a session's), so the headers
   * come only with those.
   */
  rateLimited: boolean | 'tokens';
  params?: P;
  query?: Q;
  body?: B;
  /** The body may be left out (no Content-Length): parsed as {}. */
  bodyOptional?: boolean;
  /** Read the body with a larger limit than 64 KiB. */
  maxBodyBytes?: number;
  /** A binary body instead of JSON (never with `body`). */
  upload?: UploadSpec;
  responses: Record<number, OperationResponse>;
  errors: ErrorCode[];
  /** Variant A's read actions share GET /api.php: which ?action= this is. */
  action?: string;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
/** `upload` is set when the operation declares one (else undefined). */
export type InputOf<O> = O extends Operation<infer P, infer Q, infer B> ? { params: Out<P>; query: Out<Q>; body: Out<B>; upload: Upload } : never;

export function defineOperation<P extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType>(
  op: Omit<Operation<P, Q, B>, 'rateLimited'> & { rateLimited?: boolean | 'tokens' },
): Operation<P, Q, B> {
  return { rateLimited: true, ...op };
}

/** The key under which a handler carries its operations (one per method it serves). */
export const OPERATIONS = Symbol('sling.operations');
export type WithOperations = { [OPERATIONS]?: Operation[] };

/** Parses the request's params, query and body by the operation's schemas (a 400 naming every bad field). */
export async function parseRequest<O extends Operation>(op: O, req: Request, params: unknown, searchParams: URLSearchParams): Promise<InputOf<O>> {
  // The body first (the caller is already authenticated): a body over the limit or of the wrong type
  // is refused as such, whatever else is wrong with the request.
  const upload = op.upload ? await readUpload(req, op.upload) : undefined;
  const raw = op.body ? await (op.bodyOptional ? readOptionalJsonBody(req, op.maxBodyBytes) : readJsonBody(req, op.maxBodyBytes)) : undefined;
  const parsedParams = op.params ? await parseWithAsync(op.params, params ?? {}) : undefined;
  // A multipart upload's other fields are parameters like the query's (a field wins).
  const query = op.query ? await parseWithAsync(op.query, { ...queryObject(searchParams), ...upload?.fields }) : undefined;
  const body = op.body ? await parseWithAsync(op.body, raw) : undefined;
  return { params: parsedParams, query, body, upload } as InputOf<O>;
}

/**
 * A handler bound to its operation: the request is parsed before `fn` runs, and the returned
 * function carries the operation for the route table and the OpenAPI document.
 */
export function operationHandler<O extends Operation, R extends { req: Request; params?: unknown; searchParams: URLSearchParams }>(
  op: O,
  fn: (r: R, input: InputOf<O>) => Promise<Response>,
): ((r: R) => Promise<Response>) & WithOperations {
  const handler = async (r: R) => fn(r, await parseRequest(op, r.req, r.params, r.searchParams));
  return Object.assign(handler, { [OPERATIONS]: [op] });
}

/** Copies the operations `from` carries onto `to` (the wrappers: withWorkspace, handleRoute, withAdmin). */
export function carryOperations<T extends object>(to: T, ...from: unknown[]): T & WithOperations {
  const ops = from.flatMap((f) => (f as WithOperations | null)?.[OPERATIONS] ?? []);
  return Object.assign(to, { [OPERATIONS]: ops });
}

export function operationsOf(fn: unknown): Operation[] {
  return (fn as WithOperations | null)?.[OPERATIONS] ?? [];
}

/** The query string as an object: a parameter given twice is a list (the statistics filters take several values). */
export function queryObject(searchParams: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(searchParams.keys())) {
    const all = searchParams.getAll(key);
    out[key] = all.length > 1 ? all : all[0];
  }
  return out;
}

/** A public (or self-authenticating) route's handler bound to its operation, for handleRoute. */
export function publicHandler<O extends Operation, C extends { params?: Promise<unknown> } | undefined>(
  op: O,
  fn: (req: Request, input: InputOf<O>) => Promise<Response>,
): ((req: Request, context?: C) => Promise<Response>) & WithOperations {
  const handler = async (req: Request, context?: C) => fn(req, await parseRequest(op, req, await context?.params, new URL(req.url).searchParams));
  return Object.assign(handler, { [OPERATIONS]: [op] });
}
