// Every child process the benchmark starts, so that any exit path (error, Ctrl-C) can end them.
import type { ChildProcess } from 'node:child_process';

const running = new Set<ChildProcess>();

export function track<T extends ChildProcess>(child: T): T {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/**
 * Signals the child's whole process group: servers are started in a group of their own
 * (servers.ts, `detached`), so what they start in turn (Kutt's six Bull workers) ends with them.
 */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) return void process.kill(-child.pid, signal);
  } catch {
    // no such group (not started detached, or gone): the child alone
  }
  child.kill(signal);
}

/** SIGTERM to each child still running, SIGKILL after `graceMs`; resolves when all have exited. */
export async function endChildren(graceMs = 10_000): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          signalGroup(child, 'SIGTERM');
        }),
    ),
  );
}
