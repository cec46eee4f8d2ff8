// A method the endpoint does not take: 405 in the JSON error shape, with Allow.
import { json } from './json-response';

export function methodNotAllowed(allow: string) {
  return async (req: Request) =>
    json(
      { error: { code: 'method_not_allowed', message: `${req.method} is not supported here; use ${allow}.` } },
      { status: 405, headers: { Allow: allow } },
    );
}
