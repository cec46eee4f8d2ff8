// Requests Node's parser cannot take (an unknown method, a malformed line, headers too large, a
// client too slow to send its request) are answered in the JSON error shape, then the connection
// closes. Node's own answer was an empty 400.
import type { Duplex } from 'node:stream';
import type { ErrorCode } from '../core/errors';
import { rawErrorAnswer } from './node-answers';

export function answerClientError(err: Error & { code?: string }, socket: Duplex & { _httpMessage?: { headersSent?: boolean } }): void {
  if (err.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  const [code, message] = refusalFor(err.code);
  socket.end(rawErrorAnswer(code, message));
}

function refusalFor(code: string | undefined): [ErrorCode, string] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return ['request_timeout', 'The request took too long to arrive.'];
  if (code === 'HPE_HEADER_OVERFLOW') return ['headers_too_large', 'The request headers are too large.'];
  if (code === 'HPE_INVALID_METHOD') return ['invalid_request', 'This HTTP method is not supported; use GET, HEAD, POST, PUT, PATCH, DELETE or OPTIONS.'];
  return ['invalid_request', 'The request could not be read as HTTP/1.1.'];
}
