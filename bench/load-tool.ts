// The closed-loop load generator: wrk when installed, autocannon (in this process) otherwise.
import { accessSync, constants } from 'node:fs';
import { join } from 'node:path';
import { autocannonTool } from './autocannon-load';
import { wrkTool } from './wrk-load';

export interface LoadOptions {
  port: number;
  /** Each request picks one at random (uniformly); one path means every request is the same. */
  paths: string[];
  connections: number;
  seconds: number;
  /** POST instead of GET (to paths[0]); each request's body is unique within the run. */
  post?: PostLoad;
  /** GET only: sent as User-Agent (none by default). */
  userAgent?: string;
}

export interface PostLoad {
  headers: Record<string, string>;
  /** The body, with `{n}` standing for a tag unique to each request of the run. */
  body: string;
}

export interface LoadResult {
  /** Completed responses per second. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Completed responses. */
  responses: number;
  /** Requests written; may exceed responses by those in flight when the run stopped. */
  sent: number;
  /** GET: responses that were not redirects; POST: not 2xx (wrk: status ≥ 400 only, see wrk-load.ts). */
  badStatus: number;
  /** Connect/read/write errors and timeouts. */
  socketErrors: number;
}

export interface LoadTool {
  /** e.g. "wrk 4.1.0 (1 thread)". */
  name: string;
  run(opts: LoadOptions): Promise<LoadResult>;
}

/** wrk if it is on PATH, else autocannon; `workDir` receives wrk's Lua scripts. */
export function pickLoadTool(workDir: string): { tool: LoadTool; fallback: boolean } {
  const wrk = findOnPath('wrk');
  return wrk ? { tool: wrkTool(wrk, workDir), fallback: false } : { tool: autocannonTool(), fallback: true };
}

function findOnPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (!dir) continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not here
    }
  }
  return undefined;
}
