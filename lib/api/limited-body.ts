// A request body that is read only when a handler asks for it, never past the route's limit: the
// router hands handlers a Request whose body is this stream, so a caller is authenticated and
// authorised before a byte of the body is read (docs/architecture/request-layer.md). Textual bodies
// are checked for NUL characters and invalid UTF-8 as they arrive (streamed-text-check.ts).
import { AppError } from '../core/errors';
import { streamedTextCheck } from '../http/streamed-text-check';

/** Where the bytes come from: the next chunk, or null at the end. */
export type ChunkSource = () => Promise<Uint8Array | null>;

export interface LimitedBodyOptions {
  /** The most bytes the route takes; beyond it the stream fails with a 413. */
  limit: number;
  contentType: string | null;
  /** The Content-Length the client declared: over the limit, refused before a byte is read. */
  declaredLength?: number;
}

/** A 413 for a body over `limit` bytes. */
export function bodyTooLarge(limit: number): AppError {
  return new AppError('payload_too_large', `The request body is larger than this endpoint takes (${Math.round(limit / 1024)} KiB).`);
}

export function limitedBody(next: ChunkSource, opts: LimitedBodyOptions): ReadableStream<Uint8Array> {
  const check = streamedTextCheck(opts.contentType);
  let size = 0;
  let over = false;
  const refuse = (controller: ReadableStreamDefaultController<Uint8Array>, err: AppError) => controller.error(err);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        // The chunk that crossed the limit was handed on, so a handler that reads with a limit of its
        // own refuses with its own error (read-upload.ts); a reader without one stops here.
        if (over || (size === 0 && (opts.declaredLength ?? 0) > opts.limit)) return refuse(controller, bodyTooLarge(opts.limit));
        let chunk: Uint8Array | null;
        try {
          chunk = await next();
        } catch {
          // The client went away mid-body: a 400 it will never see, not a 500 in the log.
          return refuse(controller, new AppError('invalid_request', 'The request body could not be read completely.'));
        }
        if (chunk !== null) {
          size += chunk.byteLength;
          over = size > opts.limit;
        }
        // Over the limit, the 413 comes first; else each chunk is checked as it passes (a NUL, bad UTF-8).
        const problem = over ? null : chunk === null ? (check?.end() ?? null) : (check?.push(chunk) ?? null);
        if (problem !== null) return refuse(controller, new AppError('invalid_request', problem));
        if (chunk === null) return controller.close();
        controller.enqueue(chunk);
      },
    },
    // Nothing is read ahead: the first byte is read when a handler reads the body.
    { highWaterMark: 0 },
  );
}

/** A web stream's chunks as a ChunkSource. */
export function streamSource(body: ReadableStream<Uint8Array>): ChunkSource {
  const reader = body.getReader();
  return async () => {
    const { done, value } = await reader.read();
    return done ? null : value;
  };
}
