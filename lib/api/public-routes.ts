// The API's public routes (no caller to authenticate): the OpenAPI document, ALTCHA challenges, the
// home page's anonymous shortener and abuse reports. Each limits and checks itself.
import { createAltchaChallenge } from '../altcha/create-altcha-challenge';
import { loadConfig } from '../config/load-config';
import { globalSingleton } from '../core/global-singleton';
import { requestIp } from '../http/handle-route';
import { json } from '../core/json-response';
import { currentAppContext } from '../context/current-app-context';
import { shortenAnonymously } from '../links/shorten-anonymously';
import { buildOpenApiDocument } from '../openapi/build-document';
import { altchaChallenge } from '../openapi/operations/account';
import { getOpenApiDocument } from '../openapi/operations/meta';
import * as ops from '../openapi/operations/public-forms';
import { anonymousLimiter } from '../ratelimit/anonymous-limiter';
import { reportLimiter } from '../ratelimit/report-limiter';
import { submitReport } from '../reports/submit-report';
import { publicHandler } from '../http/operation';

/** GET /api/v1/openapi.json – the OpenAPI 3.1 document (public, cacheable). */
export const openApiDocumentRoute = publicHandler(getOpenApiDocument, async () => {
  // Built once per configuration (its server is BASE_URL): in the registry, so a new start builds it anew.
  const text = globalSingleton('openapi-text', () => JSON.stringify(buildOpenApiDocument({ serverUrl: loadConfig().BASE_URL })));
  return new Response(text, {
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' },
  });
});

/** GET /api/v1/altcha/challenge – a proof-of-work challenge for the public forms. */
export const altchaChallengeRoute = publicHandler(altchaChallenge, async () => json(await createAltchaChallenge()));

/** POST /api/v1/shorten – anonymous shortening (home page), rate-limited per IP. */
export const shortenRoute = publicHandler(ops.shortenAnonymously, async (req, { body }) => {
  const { link, headers } = await shortenAnonymously(body, requestIp(req), { ctx: await currentAppContext(), limiter: anonymousLimiter() });
  return json(link, { status: 201, headers });
});

/** POST /api/v1/reports – report a short link (ALTCHA and per-IP limits). */
export const reportLinkRoute = publicHandler(ops.submitAbuseReport, async (req, { body }) => {
  const { report, headers } = await submitReport(body, requestIp(req), { ctx: await currentAppContext(), limiter: reportLimiter() });
  return json(report, { status: 201, headers });
});
