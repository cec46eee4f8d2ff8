// Entry of the CPU pool's worker threads (cpu-pool.ts). Bundled as dist/cpu-worker.mjs by
// scripts/build-server.mjs; run from source through ts-worker.mjs.
import { setPriority } from 'node:os';
import { loadCpuTasks } from './cpu-tasks';
import { serveTasks } from '../runtime/worker-pool';

/** Nice value of the worker threads (0 is normal, 19 the lowest priority). */
const WORKER_NICE = 10;

// When cores are short, the edge's thread should get the CPU before a render does. Linux keeps a
// nice value per thread, so this lowers only this worker's priority; elsewhere it would apply to
// the whole process, edge included, so it is left alone.
if (process.platform === 'linux') setPriority(WORKER_NICE);

serveTasks(await loadCpuTasks());
