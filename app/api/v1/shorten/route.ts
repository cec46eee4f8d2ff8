import { handleRoute, requestIp } from '@/lib/http/handle-route';
import { json } from '@/lib/http/json-response';
import { currentLinkContext } from '@/lib/links/current-link-context';
import { shortenAnonymously } from '@/lib/links/shorten-anonymously';
import * as ops from '@/lib/openapi/operations/public-forms';
import { anonymousLimiter } from '@/lib/ratelimit/anonymous-limiter';
import { publicHandler } from '@/lib/schemas/operation';

// POST /api/v1/shorten – anonymous shortening (home page), rate-limited per IP
export const POST = handleRoute(
  publicHandler(ops.shortenAnonymously, async (req, { body }) => {
    const { link, headers } = await shortenAnonymously(body, requestIp(req), { ctx: await currentLinkContext(), limiter: anonymousLimiter() });
    return json(link, { status: 201, headers });
  }),
);
