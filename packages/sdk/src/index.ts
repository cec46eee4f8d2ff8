// @sling/sdk: a typed client for Sling's REST API (README.md shows how to use it).
export { Sling, type SlingOptions, SDK_VERSION, retryDelay } from './client.js';
export { SlingError, type ErrorDetails } from './errors.js';
export { OPERATIONS, type OperationId } from './generated/operations.js';
export type { components, operations, paths } from './generated/openapi.js';
export type { Answer, ItemOf, PagedOperationId, RawBody, RequestOptions } from './types.js';
