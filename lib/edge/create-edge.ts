// The redirect edge: parse → resolve → decide → respond, before Next ever sees the request.
// Returns false (synchronously when it can) for anything it does not answer itself.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { linkKey } from '../cache/invalidation-bus';
import type { Domain } from '../domains/domain-registry';
import type { CachedLink } from './cached-link';
import type { ClickBuffer } from './click-buffer';
import { clientIp } from './client-ip';
import { decideOutcome } from './decide-outcome';
import type { LinkCache } from './link-cache';
import { hostOf, parseLinkTarget } from './parse-request';
import { respondRedirect } from './respond';

export interface EdgeOptions {
  cache: LinkCache;
  clicks: ClickBuffer;
  /** Host (lower-case, no port) → domain; re-read on each request so domain reloads apply. */
  domainForHost: (host: string) => Domain;
  trustProxy: boolean | number;
}

export type EdgeHandler = (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;

export function createEdge(opts: EdgeOptions): EdgeHandler {
  const { cache, clicks, domainForHost, trustProxy } = opts;

  function finish(req: IncomingMessage, res: ServerResponse, entry: CachedLink, query: string, now: number): boolean {
    const outcome = decideOutcome(entry, query, now);
    if (outcome.kind !== 'redirect') return false;
    respondRedirect(res, outcome.status, outcome.location);
    // HEAD (link previews, curl -I) answers the same but is not a visit.
    if (req.method === 'GET') {
      clicks.push({
        linkId: outcome.linkId,
        at: now,
        referrer: req.headers.referer,
        userAgent: req.headers['user-agent'],
        ip: clientIp(req, trustProxy),
      });
    }
    return true;
  }

  return function edge(req, res) {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const target = parseLinkTarget(req.url);
    if (target === null) return false;
    const domain = domainForHost(hostOf(req.headers.host));
    const key = linkKey(domain.id, target.code);
    const now = Date.now();
    const entry = cache.peek(key, now);
    if (entry !== undefined) return finish(req, res, entry, target.query, now);
    return cache.load(key, domain, target.code).then((loaded) => finish(req, res, loaded, target.query, Date.now()));
  };
}
