// Passwords (accounts through better-auth, link passwords, the CLI): bcrypt, run in the CPU pool's
// worker threads so a sign-in never stalls the redirect edge (docs/architecture/overview.md, "Off the event loop").
import { runCpuTask } from '../runtime/run-cpu-task';
import { hashPasswordTask, verifyPasswordTask } from './password-tasks';

export function hashPassword(password: string): Promise<string> {
  return runCpuTask(hashPasswordTask, password);
}

export function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  return runCpuTask(verifyPasswordTask, password, hash);
}
