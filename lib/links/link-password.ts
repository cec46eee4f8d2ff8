// Link passwords: at least 4 characters, stored only as a bcrypt hash.
import { hashPassword } from '../passwords/password';
import { invalidField } from '../core/errors';

export async function hashLinkPassword(input: unknown, field = 'password'): Promise<string> {
  if (typeof input !== 'string' || input.length < 4) throw invalidField(field, 'The password must be at least 4 characters.');
  if (input.length > 128) throw invalidField(field, 'The password must be at most 128 characters.');
  return hashPassword(input);
}
