// bcrypt, run in the CPU pool (lib/runtime/cpu-task.ts) so a sign-in never stalls the redirect edge.
import { cpuTask } from '../runtime/cpu-task';

export const hashPasswordTask = cpuTask('hashPassword', async () => (await import('./bcrypt')).bcryptHash);
export const verifyPasswordTask = cpuTask('verifyPassword', async () => (await import('./bcrypt')).bcryptCompare);
