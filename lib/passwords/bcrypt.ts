// bcrypt itself (bcryptjs, pure JS) at cost 10 (docs/self-hosting/security.md, "At rest"). It runs in the CPU pool's worker
// threads (runtime/cpu-tasks.ts); callers use password.ts.
import bcrypt from 'bcryptjs';

export const BCRYPT_COST = 10;

export function bcryptHash(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

export function bcryptCompare(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}
