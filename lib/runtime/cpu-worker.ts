// Entry of the CPU pool's worker threads (cpu-pool.ts). Bundled as dist/cpu-worker.mjs by
// scripts/build-server.mjs; run from source through ts-worker.mjs.
import { cpuTasks } from './cpu-tasks';
import { serveTasks } from './worker-pool';

serveTasks(cpuTasks);
