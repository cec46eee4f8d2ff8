// A server's resident memory once it has started and gone quiet: VmRSS from /proc (Linux; NaN
// elsewhere), read after `settleMs` without requests, so start-up garbage has had time to go.
import { readFileSync } from 'node:fs';

/** The process's resident set, in MiB. */
export function rssMiB(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

export async function idleRss(pid: number, settleMs = 5_000): Promise<number> {
  await new Promise((r) => setTimeout(r, settleMs));
  return rssMiB(pid);
}
