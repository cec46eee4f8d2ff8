// Cookie-authenticated requests that change something must come from Sling's own pages: a
// cross-site form or fetch carries the session cookie (SameSite=Lax lets top-level POSTs through in
// some browsers, and bodiless POSTs need no preflight), so the browser's own word on where the
// request came from decides. Clients that send neither header (curl, scripts) are not browsers.
import { AppError } from '../core/errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function assertSameOrigin(req: Request, appOrigin: string): void {
  if (SAFE.has(req.method)) return;
  const site = req.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin' && site !== 'none') throw crossSite();
  const origin = req.headers.get('origin');
  if (origin !== null && origin !== appOrigin && origin !== new URL(req.url).origin) throw crossSite();
}

function crossSite() {
  return new AppError('forbidden', 'Cross-site requests cannot use your session; use the dashboard or an API token.', { reason: 'cross_site' });
}
