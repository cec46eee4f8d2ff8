import { handleRoute, requestIp } from '@/lib/http/handle-route';
import { json } from '@/lib/http/json-response';
import { currentLinkContext } from '@/lib/links/current-link-context';
import { submitAbuseReport } from '@/lib/openapi/operations/public-forms';
import { reportLimiter } from '@/lib/ratelimit/report-limiter';
import { submitReport } from '@/lib/reports/submit-report';
import { publicHandler } from '@/lib/schemas/operation';

// POST /api/v1/reports – report a short link (public; ALTCHA and per-IP limits)
export const POST = handleRoute(
  publicHandler(submitAbuseReport, async (req, { body }) => {
    const { report, headers } = await submitReport(body, requestIp(req), { ctx: await currentLinkContext(), limiter: reportLimiter() });
    return json(report, { status: 201, headers });
  }),
);
