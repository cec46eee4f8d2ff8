// A method the endpoint does not take: 405 in the JSON error shape, with Allow.
import { AppError } from '../core/errors';
import { errorResponse } from '../core/json-response';

/** Marks the handlers that only refuse (they read no input; the route test knows them by this). */
export const REFUSES_METHOD = Symbol('sling.refusesMethod');

export function methodNotAllowed(allow: string) {
  const refuse = async (req: Request) =>
    errorResponse(new AppError('method_not_allowed', `${req.method} is not supported here; use ${allow}.`, undefined, { Allow: allow }));
  return Object.assign(refuse, { [REFUSES_METHOD]: true });
}
