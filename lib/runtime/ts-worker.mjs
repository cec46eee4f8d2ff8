// Runs a TypeScript worker entry from source (tsx, Vitest). Node 20 does not apply tsx's loader
// inside worker threads, so this plain-JS entry loads the real one through tsx's API. The built
// server does not use it: its workers run the bundled dist/cpu-worker.mjs.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
