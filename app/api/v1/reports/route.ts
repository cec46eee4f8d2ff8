import { handleRoute, requestIp } from '@/lib/http/handle-route';
import { json } from '@/lib/http/json-response';
import { readJsonBody } from '@/lib/http/read-json-body';
import { currentLinkContext } from '@/lib/links/current-link-context';
import { reportLimiter } from '@/lib/ratelimit/report-limiter';
import { submitReport } from '@/lib/reports/submit-report';

// POST /api/v1/reports – report a short link (public; ALTCHA and per-IP limits)
export const POST = handleRoute(async (req) => {
  const body = await readJsonBody(req);
  const { report, headers } = await submitReport(body, requestIp(req), { ctx: await currentLinkContext(), limiter: reportLimiter() });
  return json(report, { status: 201, headers });
});
