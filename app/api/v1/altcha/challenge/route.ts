import { createAltchaChallenge } from '@/lib/altcha/create-altcha-challenge';
import { handleRoute } from '@/lib/http/handle-route';
import { json } from '@/lib/http/json-response';

// GET /api/v1/altcha/challenge – a proof-of-work challenge for the public forms (shortener, report)
export const GET = handleRoute(async () => json(await createAltchaChallenge()));
