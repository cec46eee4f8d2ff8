// The one error a call throws when Sling answers with a failure: its HTTP status and Sling's error
// code (docs/api/errors.md in the Sling repository lists them), so callers branch on `code`.

export interface ErrorDetails {
  [field: string]: unknown;
}

export class SlingError extends Error {
  override readonly name = 'SlingError';
  /** The HTTP status (401, 403, 404, 409, 429, …). */
  readonly status: number;
  /** Sling's error code: `invalid_request`, `forbidden`, `not_found`, `alias_taken`, `rate_limited`, …; `unexpected_response` when the answer was not Sling's error shape. */
  readonly code: string;
  /** For `invalid_request`: each bad field and what is wrong with it. */
  readonly details: ErrorDetails | undefined;
  /** The request id Sling logged the failure under (X-Request-Id), for a bug report. */
  readonly requestId: string | undefined;
  /** Where the error code is documented. */
  readonly docUrl: string | undefined;

  constructor(init: { status: number; code: string; message: string; details?: ErrorDetails; requestId?: string; docUrl?: string }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.requestId = init.requestId;
    this.docUrl = init.docUrl;
  }
}

/** The SlingError for a failed answer (its body already read as text). */
export function errorFromAnswer(status: number, headers: Headers, text: string): SlingError {
  const requestId = headers.get('x-request-id') ?? undefined;
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown; details?: unknown; doc_url?: unknown } };
    const e = body.error;
    if (e && typeof e.code === 'string' && typeof e.message === 'string') {
      return new SlingError({
        status,
        code: e.code,
        message: e.message,
        details: typeof e.details === 'object' && e.details !== null ? (e.details as ErrorDetails) : undefined,
        requestId,
        docUrl: typeof e.doc_url === 'string' ? e.doc_url : undefined,
      });
    }
  } catch {
    // not JSON: a proxy's page, say
  }
  return new SlingError({ status, code: 'unexpected_response', message: `HTTP ${status}: ${text.slice(0, 200) || 'no body'}`, requestId });
}
