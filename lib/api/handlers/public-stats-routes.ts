// The public stats page's API (no account): the statistics, and the password that opens them.
import { currentAppContext } from '../../context/current-app-context';
import { AppError } from '../../core/errors';
import { json } from '../../core/json-response';
import { publicHandler } from '../../http/operation';
import { requestIp } from '../../http/handle-route';
import * as ops from '../../openapi/operations/public-stats';
import { countPublicStatsRead, findPublicStatsLink, getPublicStats, mayReadPublicStats, unlockPublicStats } from '../../analytics/public-stats';
import { statsUnlockFromHeader } from '../../analytics/stats-unlock-cookie';

/** GET /api/v1/public/stats/{code} – a link's statistics, when its page is on (and unlocked). */
export const publicStatsRoute = publicHandler(ops.publicStats, async (req, { params, query }) => {
  const limit = await countPublicStatsRead(requestIp(req));
  const ctx = await currentAppContext();
  const link = await findPublicStatsLink(ctx, params.code, query.domain);
  if (!mayReadPublicStats(link, statsUnlockFromHeader(req.headers.get('cookie'), link.id))) throw new AppError('unauthorized', 'This page needs its password.');
  return json(await getPublicStats(ctx, link, query), { headers: { 'cache-control': 'private, no-store', ...limit } });
});

/** POST /api/v1/public/stats/{code}/unlock – the page's password; the answer's cookie opens it. */
export const unlockPublicStatsRoute = publicHandler(ops.unlockPublicStats, async (req, { params, body }) => {
  const link = await findPublicStatsLink(await currentAppContext(), params.code, body.domain);
  const { cookie, limit } = await unlockPublicStats(link, body.password, requestIp(req));
  return new Response(null, { status: 204, headers: { 'set-cookie': cookie, 'cache-control': 'no-store', ...limit } });
});
