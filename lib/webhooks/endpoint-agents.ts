// Keep-alive connections for webhook POSTs: one http and one https Agent per dispatcher, which pool
// sockets per endpoint (host and port). A connection is made only through safeLookup, so the
// non-public address check runs for every new connection; a kept connection stays on the address
// that was checked when it was made, so a name re-pointed later is checked again on the next one.
import type { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { safeLookup } from './post-webhook';

export interface EndpointAgents {
  http: http.Agent;
  https: https.Agent;
  /** Closes every kept connection. */
  destroy(): void;
}

export interface EndpointAgentsOptions {
  allowPrivate: boolean;
  /** Connections per endpoint (its POSTs in flight at once). */
  socketsPerEndpoint: number;
  /** An idle connection is closed after this long (sooner if the endpoint's Keep-Alive header says so). */
  idleMs?: number;
  /** The resolver (tests count its calls). */
  resolve?: typeof dnsLookup;
}

export function endpointAgents(opts: EndpointAgentsOptions): EndpointAgents {
  const options = {
    keepAlive: true,
    maxSockets: opts.socketsPerEndpoint,
    maxFreeSockets: opts.socketsPerEndpoint,
    timeout: opts.idleMs ?? 4_000,
    scheduling: 'lifo' as const, // the warmest connection first; the rest idle out
    lookup: safeLookup(opts.allowPrivate, opts.resolve),
  };
  const agents = { http: new http.Agent(options), https: new https.Agent(options) };
  return { ...agents, destroy: () => Object.values(agents).forEach((a) => a.destroy()) };
}
