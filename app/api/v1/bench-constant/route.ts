import { AppError } from '@/lib/http/errors';
import { errorResponse } from '@/lib/http/json-response';

// GET|POST /api/v1/bench-constant – benchmark baseline: a bare route handler returning constant JSON,
// so `npm run bench` can set link creation against Next's own floor in the same build and process.
// Answers only when the server runs with SLING_BENCH_ROUTES=1; otherwise a 404 like any unknown path.
const handler = () =>
  process.env.SLING_BENCH_ROUTES === '1'
    ? Response.json({ ok: true }, { status: 201 })
    : errorResponse(new AppError('not_found', 'Not found.'));
export { handler as GET, handler as POST };
