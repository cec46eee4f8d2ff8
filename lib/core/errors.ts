// One error class for every refusal, and one table from error code to HTTP status (docs/architecture/request-layer.md, "Errors").

export const ERROR_STATUS = {
  invalid_request: 400,
  altcha_required: 400,
  altcha_invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  plan_required: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  alias_taken: 409,
  limit_reached: 409,
  domain_taken: 409,
  name_taken: 409,
  sso_not_ready: 409,
  link_expired: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unsafe_url: 422,
  rate_limited: 429,
  quota_exceeded: 429,
  unsafe_throttled: 429,
  headers_too_large: 431,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * Where the codes are explained, one anchor per code (lib/core/error-docs.ts renders it). Sling has
 * no public documentation site and an instance does not serve docs/, so this is the reference's path
 * in Sling's source tree; make it an absolute URL here once the docs are published somewhere.
 */
export const ERROR_DOCS_PATH = 'docs/api/errors.md';

export type ErrorBody = { error: { code: ErrorCode; message: string; details?: Record<string, unknown>; doc_url: string } };

/** The one JSON error shape of Sling's APIs (SCIM has its own, lib/scim/scim-error.ts). */
export function errorBody(code: ErrorCode, message: string, details?: Record<string, unknown>): ErrorBody {
  return { error: { code, message, ...(details ? { details } : {}), doc_url: `${ERROR_DOCS_PATH}#${code}` } };
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    /** Extra response headers (Retry-After, rate-limit headers). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toBody(): ErrorBody {
    return errorBody(this.code, this.message, this.details);
  }
}

/** A 400 naming the field at fault: details = { field: message }. */
export function invalidField(field: string, message: string): AppError {
  return new AppError('invalid_request', message, { [field]: message });
}
