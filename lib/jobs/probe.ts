// The probe job: proves a worker picks jobs up and finishes them. It can hold for a while (to see
// a job survive a worker dying mid-run) or fail (to see retries end in the dead-letter queue).
export interface ProbeData {
  holdSeconds?: number;
  fail?: boolean;
  sentAt?: string;
}

export async function runProbe(data: ProbeData): Promise<{ latencyMs: number; worker: number }> {
  const hold = Math.max(0, Math.min(3600, Number(data.holdSeconds ?? 0)));
  if (hold > 0) await new Promise((r) => setTimeout(r, hold * 1000));
  if (data.fail) throw new Error('probe asked to fail');
  return { latencyMs: data.sentAt ? Date.now() - Date.parse(data.sentAt) : 0, worker: process.pid };
}

/** A probe that holds must be allowed to run that long before it counts as lost. */
export function probeExpireSeconds(data: ProbeData): number {
  return Math.max(1, Math.ceil(Number(data.holdSeconds ?? 0))) + 2;
}
