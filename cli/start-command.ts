// `sling start`: runs the server until SIGTERM/SIGINT, then shuts down gracefully (exit 0). After the
// JSON "listening" log line it prints a short banner for people: where to open, where the data is,
// how to change the port, how to stop (on stderr, so stdout stays JSON lines for log collectors); a
// port that is taken or not allowed ends start-up with one line naming PORT.
import { resolve } from 'node:path';
import { loadConfig } from '../lib/config/load-config';
import { database } from '../lib/db/database';
import { logger } from '../lib/core/logger';
import { startServer, type Role } from '../server';
import { openAdminSocket, type AdminSocket } from './admin-socket';
import { UsageError } from './usage-error';

const ROLES = ['all', 'edge', 'app', 'worker'] as const;

/** One line a person can act on when the port cannot be had, or null for any other failure. */
export function portProblem(err: unknown, port: number): string | null {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE')
    return `Port ${port} is already in use (another Sling, or another program). Stop it, or start on another port: PORT=${port + 1} npm start`;
  if (code === 'EACCES') return `Port ${port} needs administrator rights on this system. Start on a port above 1023 instead: PORT=3000 npm start`;
  return null;
}

/** Where the data is kept, without any password from DATABASE_URL. */
function dataLocation(config: ReturnType<typeof loadConfig>): string {
  if (!config.DATABASE_URL) return `${resolve(config.DATA_DIR)} (DATA_DIR, embedded database; back up this folder)`;
  try {
    const url = new URL(config.DATABASE_URL);
    return `PostgreSQL at ${url.host}${url.pathname} (DATABASE_URL)`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

export function startBanner(config: ReturnType<typeof loadConfig>, role: Role): string {
  const lines = ['', `  Sling is running${role === 'all' ? '' : ` (role: ${role})`}.`];
  if (role !== 'worker') lines.push(`  Open     ${config.BASE_URL}`);
  lines.push(`  Data     ${dataLocation(config)}`);
  if (role !== 'worker') lines.push(`  Port     ${config.PORT} (PORT; to change it: PORT=${config.PORT === 8080 ? 3000 : 8080} npm start)`);
  lines.push('  Stop     press Ctrl+C (buffered clicks are saved first)', '');
  return lines.join('\n');
}

export async function runStart(values: { role?: string; dev?: boolean }) {
  const role = (values.role ?? 'all') as Role;
  if (!ROLES.includes(role)) throw new UsageError(`--role must be one of ${ROLES.join(', ')} (got "${values.role}")`);
  // A promise nobody awaited failed: log it and keep serving (Node's default would exit the process
  // and drop every in-flight request and buffered click for what is usually one failed side task).
  process.on('unhandledRejection', (reason) => logger().error({ err: reason }, 'unhandled promise rejection'));
  const config = loadConfig();
  const running = await startServer({ role, dev: values.dev }).catch((err: unknown) => {
    const problem = portProblem(err, config.PORT);
    if (!problem) throw err;
    console.error(problem);
    process.exit(1);
  });
  // The embedded database admits this process alone: `sling` commands come in through this socket.
  let admin: AdminSocket | undefined;
  if (!config.DATABASE_URL) {
    admin = await openAdminSocket(config.DATA_DIR, { config, handle: await database() }).catch((err: unknown) => {
      logger().warn({ err }, 'admin socket not opened: sling commands cannot run while this server holds DATA_DIR');
      return undefined;
    });
  }
  console.error(startBanner(config, role));
  const stop = () => {
    Promise.resolve(admin?.close())
      .then(() => running.shutdown())
      .then(
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
