// GET /docs/scalar.js?v=<version>: Scalar's browser bundle for /docs, answered by server.ts itself
// (not a Next route handler: Next drops a handler's Content-Encoding and gzips every answer again,
// so a body compressed once could not be sent as brotli). Cached for good when the URL names the
// installed version; the bytes are read and compressed once per process (scalar-bundle.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { failRequest, sendApiError } from '../http/node-answers';
import { pickEncoding, scalarBundle, scalarVersion } from './scalar-bundle';

export const SCALAR_BUNDLE_PATH = '/docs/scalar.js';

export function sendScalarBundle(req: IncomingMessage, res: ServerResponse, securityHeaders: Record<string, string>): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    const message = `${req.method} is not supported here; use GET, HEAD.`;
    return sendApiError(res, req.url, 'method_not_allowed', message, { ...securityHeaders, Allow: 'GET, HEAD' });
  }
  const encoding = pickEncoding(req.headers['accept-encoding'] ?? null);
  let current: boolean;
  try {
    current = new URL(req.url ?? '/', 'http://x').searchParams.get('v') === scalarVersion();
  } catch (err) {
    return failRequest(res, err);
  }
  scalarBundle(encoding).then(
    (body) => {
      res.writeHead(200, {
        ...securityHeaders,
        'Content-Type': 'text/javascript; charset=utf-8',
        'Content-Length': String(body.length),
        'Cache-Control': current ? 'public, max-age=31536000, immutable' : 'no-cache',
        Vary: 'Accept-Encoding',
        ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    },
    (err) => failRequest(res, err),
  );
}
