// What a bench must undo on any way out (done, failed, Ctrl-C): servers, databases, temporary files.
// Steps run last-in first-out, so a server stops before the database it uses is dropped; a step that
// fails is logged and the others still run.
const steps: Array<() => unknown> = [];
let interrupted = false;

export function onCleanup(step: () => unknown) {
  steps.push(step);
}

async function cleanUp() {
  for (let step = steps.pop(); step; step = steps.pop()) {
    try {
      await step();
    } catch (err) {
      console.error('cleanup:', (err as Error).message);
    }
  }
}

/** SIGINT or SIGTERM cleans up and exits 130. */
function cleanUpOnSignals() {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      interrupted = true;
      console.error(`\n${signal}: stopping servers and removing temporary files…`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
}

/** Runs a bench's `main`, cleans up whatever happens, and exits with its code (1 when it throws). */
export function runBench(main: () => Promise<number>) {
  cleanUpOnSignals();
  main()
    .then(async (code) => {
      await cleanUp();
      process.exit(code);
    })
    .catch(async (err) => {
      if (interrupted) return; // the signal handler is cleaning up; its failures are expected
      // Cut: a failed query's message can carry its whole SQL (a seed batch is hundreds of rows).
      console.error(`\nBenchmark failed: ${String(err instanceof Error ? err.message : err).slice(0, 2_000)}`);
      await cleanUp();
      process.exit(1);
    });
}
