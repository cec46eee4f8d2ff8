// The request options and answers of every operation, derived from the generated OpenAPI types.
import type { operations } from './generated/openapi.js';
import type { OPERATIONS, OperationId } from './generated/operations.js';

type Op<Id extends OperationId> = operations[Id];
type Parameters<Id extends OperationId> = Op<Id> extends { parameters: infer P } ? P : never;
type PathOf<Id extends OperationId> = Parameters<Id> extends { path: infer P } ? ([P] extends [never] ? never : P) : never;
type QueryOf<Id extends OperationId> = Parameters<Id> extends { query?: infer Q } ? ([Q] extends [never] ? never : Q) : never;
type JsonBodyOf<Id extends OperationId> =
  NonNullable<Op<Id> extends { requestBody?: infer B } ? B : never> extends { content: { 'application/json': infer J } } ? J : never;
type BodyRequired<Id extends OperationId> = Op<Id> extends { requestBody: unknown } ? true : false;

/** Bytes for an upload (an image, a CSV file): sent as they are, with their content type. */
export type RawBody = Blob | ArrayBuffer | Uint8Array | string;

type BodyOptions<Id extends OperationId> = (typeof OPERATIONS)[Id]['body'] extends 'json'
  ? BodyRequired<Id> extends true
    ? { body: JsonBodyOf<Id> }
    : { body?: JsonBodyOf<Id> }
  : (typeof OPERATIONS)[Id]['body'] extends 'raw'
    ? { body: RawBody; contentType: string }
    : { body?: undefined };

/** Path and query values travel as text: a number or boolean is written as one. */
type Loose<T> = { [K in keyof T]: T[K] extends string | undefined ? T[K] | number | boolean : T[K] };
type ParamOptions<Id extends OperationId> = [PathOf<Id>] extends [never] ? { params?: undefined } : { params: Loose<PathOf<Id>> };
type QueryOptions<Id extends OperationId> = [QueryOf<Id>] extends [never] ? { query?: undefined } : { query?: Loose<QueryOf<Id>> };

/** What a call takes: path parameters, query, body, and per-call extras. */
export type RequestOptions<Id extends OperationId> = ParamOptions<Id> &
  QueryOptions<Id> &
  BodyOptions<Id> & {
    /** Extra headers for this call (Idempotency-Key, If-None-Match, …). */
    headers?: Record<string, string>;
    signal?: AbortSignal;
  };

type SuccessStatus = 200 | 201 | 202 | 203 | 204;
type ContentOf<R> = R extends { content: infer C } ? ('application/json' extends keyof C ? C['application/json'] : Blob) : undefined;
type Responses<Id extends OperationId> = Op<Id> extends { responses: infer R } ? R : never;

/** What a call resolves with: the JSON answer; undefined for 204; a Blob for an answer that is not JSON (a QR image, a CSV). */
export type Answer<Id extends OperationId> = { [S in keyof Responses<Id> & SuccessStatus]: ContentOf<Responses<Id>[S]> }[keyof Responses<Id> & SuccessStatus];

/** Operations whose lists come in pages: by offset (with a total), by cursor (next_cursor) or by `before` (the last item's id). */
export type PagedOperationId = {
  [Id in OperationId]: QueryOf<Id> extends { offset?: unknown }
    ? Id
    : QueryOf<Id> extends { cursor?: unknown }
      ? Id
      : QueryOf<Id> extends { before?: unknown }
        ? Id
        : never;
}[OperationId];

/** The item type of a paged list: the element of the answer's one array. */
export type ItemOf<Id extends OperationId> = {
  [K in keyof Answer<Id>]: Answer<Id>[K] extends ReadonlyArray<infer T> ? T : never;
}[keyof Answer<Id>];
