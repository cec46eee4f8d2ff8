// `sling jobs status|run|probe`: look at and poke the job system.
import { jobStatus, formatJobStatus } from '../lib/jobs/job-status';
import { openJobSystem } from '../lib/jobs/job-system';
import { probeExpireSeconds, type ProbeData } from '../lib/jobs/probe';
import { queueSpec, QUEUES } from '../lib/jobs/queues';
import { openCliRuntime } from './cli-runtime';
import { hostedRuntime, print, printError, setExitCode } from './cli-io';
import { UsageError } from './usage-error';
import { sendAndWake } from '../lib/db/wake-worker';

const USAGE = 'Usage: sling jobs status [--json] | run <queue> | probe [--hold SECONDS] [--fail] [--wait]';

export async function runJobsCommand(positionals: string[], values: { json?: boolean; hold?: string; fail?: boolean; wait?: boolean }) {
  const [action, queue] = positionals;
  if (!['status', 'run', 'probe'].includes(action ?? '')) throw new UsageError(USAGE);
  if (action === 'run' && !queueSpec(queue ?? '')) {
    throw new UsageError(`Usage: sling jobs run <queue>, where queue is one of: ${QUEUES.map((q) => q.name).join(', ')}`);
  }
  const hold = values.hold === undefined ? 0 : Number(values.hold);
  if (!(hold >= 0 && hold <= 3600)) throw new UsageError('--hold must be a number of seconds from 0 to 3600');

  const runtime = await openCliRuntime();
  const boss = await openJobSystem(runtime.handle, { work: false });
  try {
    if (action === 'status') {
      const status = await jobStatus(runtime.handle);
      return void print(values.json ? JSON.stringify(status) : formatJobStatus(status));
    }
    const name = action === 'run' ? queue! : 'probe';
    const data: ProbeData | object = action === 'probe' ? { holdSeconds: hold, fail: values.fail ?? false, sentAt: new Date().toISOString() } : {};
    // Inside a running server (its admin socket), the server's own worker of the queue fetches it at once.
    const id = await sendAndWake(boss, name, data, action === 'probe' ? { expireInSeconds: probeExpireSeconds(data) } : {});
    print(id);
    if (!values.wait) return;
    // (Inside a running server, forwarded over its admin socket, the server's own workers run it.)
    if (runtime.handle.kind === 'pglite' && !hostedRuntime()) {
      return void printError('Queued. The embedded database admits one process: the job runs when Sling starts.');
    }
    for (;;) {
      const job = await boss.getJobById(name, id!);
      if (job && ['completed', 'failed', 'cancelled'].includes(job.state)) {
        print(JSON.stringify({ state: job.state, output: job.output }));
        if (job.state !== 'completed') setExitCode(1);
        return;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    await boss.stop({ graceful: false, close: false });
    await runtime.close();
  }
}
