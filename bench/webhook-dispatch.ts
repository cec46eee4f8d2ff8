// The webhook bench's worker process: the dispatcher of the checkout at BENCH_ROOT (this one, or a
// checkout of main for "before"), on the database the parent seeded. It counts the statements the
// dispatcher sends, starts on the parent's "start", stops on "stop" (after the receiver has had every
// delivery) and reports its elapsed time, statements and CPU: its main thread (the dispatcher's
// JavaScript) and the whole process (with PGlite, whose worker thread is the database, in it).
import { join } from 'node:path';
import { processCpuSeconds, threadCpuSeconds } from './cpu-usage';

const root = process.env.BENCH_ROOT!;
const send = (m: unknown) => process.send!(m);

async function main() {
  const { openDatabase } = (await import(join(root, 'lib/db/open-database.ts'))) as typeof import('../lib/db/open-database');
  const { startWebhookDispatcher } = (await import(join(root, 'lib/webhooks/dispatcher.ts'))) as typeof import('../lib/webhooks/dispatcher');
  const handle = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL || undefined, dataDir: process.env.BENCH_DATA_DIR! });
  await handle.query('SELECT 1');
  let statements = 0;
  /** Statements and their milliseconds end to end, by what they do. */
  const kinds: Record<string, { n: number; ms: number }> = {};
  const counted = {
    query: async (text: string, params?: unknown[]) => {
      statements++;
      const kind = /INSERT INTO webhook_deliveries/.test(text)
        ? 'fan-out'
        : /SET locked_until = now\(\) \+/.test(text)
          ? 'claim'
          : /INSERT INTO webhook_attempts/.test(text)
            ? 'record'
            : 'other';
      const k = (kinds[kind] ??= { n: 0, ms: 0 });
      const t = performance.now();
      try {
        return await handle.query(text, params);
      } finally {
        k.n++;
        k.ms += performance.now() - t;
      }
    },
  } as typeof handle;
  const opts = JSON.parse(process.env.BENCH_DISPATCHER_OPTIONS!);
  send({ ready: true });
  await message('start');
  const started = performance.now();
  const cpu = { main: threadCpuSeconds(process.pid)!, all: processCpuSeconds(process.pid)! };
  const dispatcher = startWebhookDispatcher(counted, { ...opts, notifyDisabled: async () => {} });
  await message('stop');
  const ms = performance.now() - started;
  await dispatcher.stop();
  send({
    ms,
    statements,
    kinds,
    mainCpuMs: (threadCpuSeconds(process.pid)! - cpu.main) * 1000,
    processCpuMs: (processCpuSeconds(process.pid)! - cpu.all) * 1000,
  });
  await handle.close();
  await message('exit');
  process.exit(0);
}

function message(what: string): Promise<void> {
  return new Promise((resolve) => {
    const on = (m: unknown) => {
      if (m !== what) return;
      process.off('message', on);
      resolve();
    };
    process.on('message', on);
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
