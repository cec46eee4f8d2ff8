import { createAltchaChallenge } from '@/lib/altcha/create-altcha-challenge';
import { handleRoute } from '@/lib/http/handle-route';
import { json } from '@/lib/http/json-response';
import { altchaChallenge } from '@/lib/openapi/operations/account';
import { publicHandler } from '@/lib/schemas/operation';

// GET /api/v1/altcha/challenge – a proof-of-work challenge for the public forms (shortener, report)
export const GET = handleRoute(publicHandler(altchaChallenge, async () => json(await createAltchaChallenge())));
