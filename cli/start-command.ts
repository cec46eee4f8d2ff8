// `sling start`: runs the server until SIGTERM/SIGINT, then shuts down gracefully (exit 0).
import { logger } from '../lib/log/logger';
import { startServer, type Role } from '../server';
import { UsageError } from './usage-error';

const ROLES = ['all', 'edge', 'app', 'worker'] as const;

export async function runStart(values: { role?: string; dev?: boolean }) {
  const role = (values.role ?? 'all') as Role;
  if (!ROLES.includes(role)) throw new UsageError(`--role must be one of ${ROLES.join(', ')} (got "${values.role}")`);
  // A promise nobody awaited failed: log it and keep serving (Node's default would exit the process
  // and drop every in-flight request and buffered click for what is usually one failed side task).
  process.on('unhandledRejection', (reason) => logger().error({ err: reason }, 'unhandled promise rejection'));
  const running = await startServer({ role, dev: values.dev });
  const stop = () => {
    running.shutdown().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
