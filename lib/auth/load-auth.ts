// better-auth and its plugins (~14 MiB of heap) load with the first request that needs them, so a
// server that has served only redirects and API tokens never loads them (docs/performance/2026-11-27-request-layer.md).
import type { Auth } from './auth';

export async function loadAuth(): Promise<Auth> {
  const { getAuth } = await import('./auth');
  return getAuth();
}
