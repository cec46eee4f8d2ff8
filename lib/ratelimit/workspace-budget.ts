// Which windows a workspace request counts against (docs/api/rate-limits.md, "What counts against what"). Every key is the
// workspace (`ws:<id>`), so a second token or a session adds no budget:
// - a token: the plan's hourly and per-minute windows (plus a per-token limit where the API has one:
//   Variant B's 1,000/h);
// - a signed-in session: its own window at SESSION_FACTOR × the plan's numbers (the dashboard reads
//   as you type: search, alias availability, QR preview, analytics ranges), and its writes also
//   spend the plan's hourly window, which they share with the workspace's tokens.
import type { Actor } from '../tenancy/actor';
import { planHourLimiter, planMinuteLimiter, sessionLimiter } from './api-limits';
import { allAtOnce, consumeAll, type LimitState, type WindowLimiter } from './window-limiter';

const READS = new Set(['GET', 'HEAD']);

/** Counts one request of `actor`; throws AppError rate_limited (429, Retry-After) when over a limit. */
export function countWorkspaceRequest(actor: Actor, method: string, perToken?: WindowLimiter): Promise<LimitState> {
  const key = `ws:${actor.workspaceId}`;
  const ws = actor.workspace;
  if (actor.via === 'token') {
    // The workspace's two windows in one round trip; a per-token limit only once the workspace allowed.
    return consumeAll([[allAtOnce([planHourLimiter(ws), planMinuteLimiter(ws)]), key], ...(perToken ? [[perToken, `token:${actor.tokenId}`] as const] : [])]);
  }
  return consumeAll([[READS.has(method) ? sessionLimiter(ws) : allAtOnce([sessionLimiter(ws), planHourLimiter(ws)]), key]]);
}
