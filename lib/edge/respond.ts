// Step 4 of the edge: answer a redirect with no body work.
import type { ServerResponse } from 'node:http';

/** The headers of a redirect to `location`, as the flat [name, value, …] list writeHead takes as is. */
export function redirectHeaders(location: string): string[] {
  return ['Location', location, 'Cache-Control', 'private, max-age=0'];
}

/** `headers`: redirectHeaders(location), made once per cached link for its usual Location. */
export function respondRedirect(res: ServerResponse, status: number, headers: string | string[]) {
  res.writeHead(status, typeof headers === 'string' ? redirectHeaders(headers) : headers);
  res.end();
}
