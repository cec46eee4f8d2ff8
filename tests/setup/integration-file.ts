// Runs before each integration test file. The integration projects run their files one after
// another in each worker process without isolation (vitest.config.ts: importing the server's modules
// again for every file was a large part of the suite's time), so each file starts from what a fresh
// process would give it: the environment as the worker started, no process-wide singleton
// (configuration, database handles, caches, limiters: lib/core/global-singleton.ts) and the system
// clock. What a file starts (servers, databases, listeners) it stops in its own afterAll.
import { forgetGlobalSingletons } from '../../lib/core/global-singleton';
import { useClock } from '../../lib/core/clock';

const state = globalThis as { slingWorkerEnv?: Record<string, string | undefined> };
state.slingWorkerEnv ??= { ...process.env };
const start = state.slingWorkerEnv;
for (const key of Object.keys(process.env)) if (!(key in start)) delete process.env[key];
Object.assign(process.env, start);
forgetGlobalSingletons();
useClock(undefined);
