// The link pages' route handlers, served by Next's route file (app/l/[page]/[code]/route.ts) and, on an
// instance without Next, by lib/server/link-page-dispatch.ts. Visitors' pages: with the database away,
// the 503 "try again in a moment" page rather than the API's JSON.
import { handleRoute } from '../../http/handle-route';
import { continueToLink, showLinkPage, unlockLink } from '../../link-pages/link-pages';
import { pageUnlessDatabaseAway } from '../../link-pages/unavailable-page';

type Params = { params: Promise<{ page: string; code: string }> };

// GET /l/<page>/<code> – the password prompt, safety warning, "Link Expired" (410), disabled (451), blocked (403), loop (508) or 404 page
export const linkPageGet = handleRoute(async (req, { params }: Params) => {
  const { page, code } = await params;
  return pageUnlessDatabaseAway(() => showLinkPage(req, page, code));
});
// POST /l/review/<code> – "continue anyway" past a safety warning; POST /l/protected/<code> – check the password, then unlock and redirect
export const linkPagePost = handleRoute(async (req, { params }: Params) => {
  const { page, code } = await params;
  return pageUnlessDatabaseAway(() => (page === 'review' ? continueToLink(req, code) : unlockLink(req, code)));
});
