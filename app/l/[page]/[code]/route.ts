import { handleRoute } from '@/lib/http/handle-route';
import { showLinkPage, unlockLink } from '@/lib/link-pages/link-pages';

type Params = { params: Promise<{ page: string; code: string }> };

// GET /l/<page>/<code> – the password prompt, "Link Expired" (410), disabled (451), loop (508) or 404 page
export const GET = handleRoute(async (req, { params }: Params) => {
  const { page, code } = await params;
  return showLinkPage(req, page, code);
});
// POST /l/protected/<code> – check the password, then unlock and redirect
export const POST = handleRoute(async (req, { params }: Params) => unlockLink(req, (await params).code));
