// Passwords: bcrypt (bcryptjs, pure JS) at cost 10, as DESIGN asks; used by better-auth and the CLI.
import bcrypt from 'bcryptjs';

export const BCRYPT_COST = 10;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

export function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  return bcrypt.compare(password, hash);
}
