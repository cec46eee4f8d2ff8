// The API's router, one per process, built on first use (its handlers' modules load then, not at
// start): server.ts serves the API through it, and /api/v1/mcp's tools call the API through it in
// process. The router holds only its route table, so one instance serves every caller.
import type { Router } from './router';

let built: Promise<Router> | undefined;

export function apiRouter(): Promise<Router> {
  built ??= Promise.all([import('./router'), import('./routes')]).then(([r, m]) => r.createRouter(m.API_ROUTES));
  return built;
}
