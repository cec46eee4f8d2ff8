// CPU seconds a process has used, and the machine's steal time, from /proc (Linux; undefined
// elsewhere). CPU per request is steadier than requests/s on a shared VM, where the hypervisor's
// steal and the load generator compete for the same two cores.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux build the bench will meet

/** utime + stime of all the process's threads, in seconds. */
export function processCpuSeconds(pid: number, statFile = `/proc/${pid}/stat`): number | undefined {
  try {
    // Fields after the ")" that ends the command name: state is field 3, utime 14, stime 15.
    const stat = readFileSync(statFile, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

export interface MachineTicks {
  steal: number;
  total: number;
}

/** Aggregate CPU ticks from /proc/stat's first line. */
export function machineTicks(): MachineTicks | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0];
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal [guest guest_nice, already counted in user]
    return { steal: ticks[7] ?? 0, total: ticks.slice(0, 8).reduce((a, b) => a + b, 0) };
  } catch {
    return undefined;
  }
}

/** Share of the machine's CPU time the hypervisor took between two readings (0–1). */
export function stealShare(before?: MachineTicks, after?: MachineTicks): number | undefined {
  if (!before || !after || after.total === before.total) return undefined;
  return (after.steal - before.steal) / (after.total - before.total);
}

/** utime + stime of one thread (the main thread's id is the process's), in seconds. */
export function threadCpuSeconds(pid: number, tid = pid): number | undefined {
  return processCpuSeconds(pid, `/proc/${pid}/task/${tid}/stat`);
}

/**
 * CPU seconds of `pid` and every process descended from it (alive now). Kutt with Redis hands
 * visits to Bull's sandboxed worker processes, whose CPU is part of what a redirect costs it.
 */
export function treeCpuSeconds(pid: number): number | undefined {
  const own = processCpuSeconds(pid);
  if (own === undefined) return undefined;
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // exited while the list was read
    }
  }
  let total = own;
  const queue = [...(children.get(pid) ?? [])];
  for (let child = queue.pop(); child !== undefined; child = queue.pop()) {
    total += processCpuSeconds(child) ?? 0;
    queue.push(...(children.get(child) ?? []));
  }
  return total;
}
