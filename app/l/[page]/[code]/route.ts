import { handleRoute } from '@/lib/http/handle-route';
import { continueToLink, showLinkPage, unlockLink } from '@/lib/link-pages/link-pages';

type Params = { params: Promise<{ page: string; code: string }> };

// GET /l/<page>/<code> – the password prompt, safety warning, "Link Expired" (410), disabled (451), blocked (403), loop (508) or 404 page
export const GET = handleRoute(async (req, { params }: Params) => {
  const { page, code } = await params;
  return showLinkPage(req, page, code);
});
// POST /l/review/<code> – "continue anyway" past a safety warning; POST /l/protected/<code> – check the password, then unlock and redirect
export const POST = handleRoute(async (req, { params }: Params) => {
  const { page, code } = await params;
  return page === 'review' ? continueToLink(req, code) : unlockLink(req, code);
});
