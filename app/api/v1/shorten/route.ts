import { handleRoute, requestIp } from '@/lib/http/handle-route';
import { json } from '@/lib/http/json-response';
import { readJsonBody } from '@/lib/http/read-json-body';
import { currentLinkContext } from '@/lib/links/current-link-context';
import { shortenAnonymously } from '@/lib/links/shorten-anonymously';
import { anonymousLimiter } from '@/lib/ratelimit/anonymous-limiter';

// POST /api/v1/shorten – anonymous shortening (home page), rate-limited per IP
export const POST = handleRoute(async (req) => {
  const body = await readJsonBody(req);
  const { link, headers } = await shortenAnonymously(body, requestIp(req), {
    ctx: await currentLinkContext(),
    limiter: anonymousLimiter(),
  });
  return json(link, { status: 201, headers });
});
