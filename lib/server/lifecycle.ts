// Starting and stopping the HTTP listeners: listen, then on shutdown drain (readiness says so while
// everything is still served, for SHUTDOWN_DRAIN_MS), close the listeners (in-flight requests finish,
// idle keep-alive sockets close, the rest is forced after a grace), then stop the services in order.
import type { Server } from 'node:http';

export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
}

export interface ShutdownPlan {
  /** How long readiness says "draining" before the listeners close (behind a load balancer). */
  drainMs: number;
  onDraining: () => void;
  listeners: ReadonlyArray<Server | undefined>;
  /** Run just before the listeners close: ends answers that never finish by themselves (live click streams). */
  beforeClose?: () => void;
  /** Run one after another once the listeners are closed (services, then the database). */
  steps: ReadonlyArray<() => unknown>;
}

/** The shutdown function: runs the plan once, however often it is called. */
export function shutdownOnce(plan: ShutdownPlan): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  return () =>
    (stopping ??= (async () => {
      if (plan.drainMs > 0) {
        plan.onDraining();
        await new Promise((resolve) => setTimeout(resolve, plan.drainMs));
      }
      plan.beforeClose?.();
      await Promise.all(plan.listeners.map((s) => s && closeServer(s)));
      for (const step of plan.steps) await step();
    })());
}

/** Stops accepting; lets in-flight requests finish (closing idle keep-alive sockets), then forces. */
export function closeServer(server: Server, graceMs = 5_000): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}
