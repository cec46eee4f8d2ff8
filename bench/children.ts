// Every child process the benchmark starts, so that any exit path (error, Ctrl-C) can end them.
import type { ChildProcess } from 'node:child_process';

const running = new Set<ChildProcess>();

export function track<T extends ChildProcess>(child: T): T {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** SIGTERM to each child still running, SIGKILL after `graceMs`; resolves when all have exited. */
export async function endChildren(graceMs = 10_000): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}
