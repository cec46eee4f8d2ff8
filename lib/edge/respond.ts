// Step 4 of the edge: answer a redirect with no body work.
import type { ServerResponse } from 'node:http';

export function respondRedirect(res: ServerResponse, status: number, location: string) {
  res.writeHead(status, { Location: location, 'Cache-Control': 'private, max-age=0' });
  res.end();
}
