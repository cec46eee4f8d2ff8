// Reads a JSON request body with the API's rules: application/json only (415), at most 64 KiB (413),
// and a JSON object (a body of `null`, a number or an array is a 400, never a TypeError further on).
import { AppError } from '../core/errors';
import { joinInTurns } from '../core/join-in-turns';

export const MAX_BODY_BYTES = 64 * 1024;

export async function readJsonBody(req: Request, maxBytes = MAX_BODY_BYTES): Promise<Record<string, unknown>> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type.trim())) {
    throw new AppError('unsupported_media_type', 'Send the request body as JSON with Content-Type: application/json.');
  }
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const text = (await readBodyBytes(req, maxBytes, () => tooLarge(maxBytes))).toString('utf8');
  if (text.trim() === '') throw new AppError('invalid_request', 'The request body is empty; send a JSON object.');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError('invalid_request', 'The request body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('invalid_request', 'The request body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}

/** Like readJsonBody, but a request without a body (none at all, or a Content-Length of 0) is `{}`. */
export async function readOptionalJsonBody(req: Request, maxBytes = MAX_BODY_BYTES): Promise<Record<string, unknown>> {
  // The router gives a Request a body only when one was announced (a length above 0, or chunked).
  const hasBody = req.body !== null && req.headers.get('content-length') !== '0';
  return hasBody ? readJsonBody(req, maxBytes) : {};
}

/** The request's body, read up to `maxBytes` (over it: `refuse()`, the rest left unread). Also used for uploads (read-upload.ts). */
export async function readBodyBytes(req: Request, maxBytes: number, refuse: () => AppError): Promise<Buffer> {
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (err) {
      // The router's own refusal (over the route's limit, NUL or invalid UTF-8: lib/api/limited-body.ts).
      if (err instanceof AppError) throw err;
      // The client went away mid-body ("aborted"): a 400 it will never see, not a 500 in the log.
      throw new AppError('invalid_request', 'The request body could not be read completely.');
    }
    const { done, value } = chunk;
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw refuse();
    }
    chunks.push(value);
  }
  return joinInTurns(chunks, size);
}

function tooLarge(maxBytes: number) {
  return new AppError('payload_too_large', `The request body is larger than ${maxBytes / 1024} KiB.`);
}
