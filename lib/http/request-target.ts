// The request line's target and method before anything routes on them (RFC 9112 §3.2): origin-form
// ("/path?q") goes on; absolute-form ("http://host/path") is reduced to its path and query, so the
// target's host never outranks the Host header (Next answered such a request with a 308 to the
// foreign host); "OPTIONS *" is answered here; anything else, and TRACE or CONNECT, is refused with
// the JSON error shape instead of reaching Next (which failed with a 500).
import type { ErrorCode } from '../core/errors';

export type TargetDecision =
  | { kind: 'pass'; url?: string }
  | { kind: 'answer'; status: number; headers: Record<string, string>; refusal?: { code: ErrorCode; message: string } };

export const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

const PASS: TargetDecision = { kind: 'pass' };

export function decideTarget(method: string | undefined, url: string | undefined): TargetDecision {
  if (method === 'TRACE' || method === 'CONNECT' || method === 'TRACK') {
    return refuse(405, 'method_not_allowed', `${method} is not supported; use ${ALLOWED_METHODS}.`, { Allow: ALLOWED_METHODS });
  }
  if (url !== undefined && url.charCodeAt(0) === 47 /* / */ && url.charCodeAt(1) !== 47) return PASS;
  if (url === '*') {
    return method === 'OPTIONS'
      ? { kind: 'answer', status: 204, headers: { Allow: ALLOWED_METHODS } }
      : refuse(400, 'invalid_request', 'The request target "*" is only for OPTIONS.');
  }
  if (url !== undefined && /^https?:\/\//i.test(url)) {
    try {
      const parsed = new URL(url);
      return { kind: 'pass', url: parsed.pathname + parsed.search };
    } catch {
      // falls through to the refusal
    }
  }
  return refuse(400, 'invalid_request', 'The request target must be a path such as /links.');
}

function refuse(status: number, code: ErrorCode, message: string, headers: Record<string, string> = {}): TargetDecision {
  return { kind: 'answer', status, headers, refusal: { code, message } };
}
