// On an instance without Next (`--role edge`), the link pages' own handlers (lib/link-pages) answer
// /l/<page>/<code> themselves: a direct visit to a page (GET/HEAD), the password form's POST and the
// safety warning's "continue anyway" POST. The edge already renders a visit's page from the cached
// link (edge-pages.ts); this covers what the page's form sends back, so password-protected links and
// reviewed links work on a short-link host served only by edges.
import { linkPageGet, linkPagePost } from '../api/handlers/link-page-routes';

type WebHandler = (req: Request) => Promise<Response>;
type RouteHandler = (req: Request, context: { params: Promise<{ page: string; code: string }> }) => Promise<Response>;

const LINK_PAGE = /^\/l\/(disabled|blocked|review|expired|loop|protected)\/([^/?]+)$/;

/** The handler for a link page request, if `path` (no query) is one. */
export function linkPageHandler(method: string | undefined, path: string): WebHandler | undefined {
  const m = LINK_PAGE.exec(path);
  if (!m) return undefined;
  const [, page, raw] = m;
  let code: string;
  try {
    code = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  // The route file's own handlers (handleRoute maps their errors), with the parameters Next would give.
  const handler: RouteHandler | undefined =
    method === 'GET' || method === 'HEAD' ? linkPageGet : method === 'POST' && (page === 'review' || page === 'protected') ? linkPagePost : undefined;
  return handler && ((req) => handler(req, { params: Promise.resolve({ page, code }) }));
}
