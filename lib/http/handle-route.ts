// Wraps a route handler: any thrown error becomes the JSON error shape, once, here.
import { CLIENT_IP_HEADER } from '../core/client-ip-header';
import { errorResponse } from '../core/json-response';
import { carryOperations } from './operation';

export function handleRoute<A extends unknown[]>(fn: (req: Request, ...rest: A) => Promise<Response>) {
  return carryOperations(async (req: Request, ...rest: A): Promise<Response> => {
    try {
      return await fn(req, ...rest);
    } catch (err) {
      return errorResponse(err);
    }
  }, fn);
}

/** The visitor's address as computed by server.ts (after TRUST_PROXY). */
export function requestIp(req: Request): string {
  return req.headers.get(CLIENT_IP_HEADER) ?? 'unknown';
}
