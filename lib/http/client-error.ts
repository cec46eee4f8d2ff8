// Requests Node's parser cannot take (an unknown method, a malformed line, headers too large, a
// client too slow to send its request) are answered in the JSON error shape, then the connection
// closes. Node's own answer was an empty 400.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_STATUS, type ErrorCode } from './errors';

export function answerClientError(err: Error & { code?: string }, socket: Duplex & { _httpMessage?: { headersSent?: boolean } }): void {
  if (err.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  const [code, message] = refusalFor(err.code);
  const status = ERROR_STATUS[code];
  const body = JSON.stringify({ error: { code, message } });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}

function refusalFor(code: string | undefined): [ErrorCode, string] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return ['request_timeout', 'The request took too long to arrive.'];
  if (code === 'HPE_HEADER_OVERFLOW') return ['headers_too_large', 'The request headers are too large.'];
  if (code === 'HPE_INVALID_METHOD') return ['invalid_request', 'This HTTP method is not supported; use GET, HEAD, POST, PUT, PATCH, DELETE or OPTIONS.'];
  return ['invalid_request', 'The request could not be read as HTTP/1.1.'];
}
