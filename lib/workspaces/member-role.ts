// The roles an admin may hand out: 'owner' moves only by transfer.
import { invalidField } from '../core/errors';

export type AssignableRole = 'admin' | 'member';

export function assignableRole(input: unknown, fallback?: AssignableRole): AssignableRole {
  if (input === undefined && fallback) return fallback;
  if (input === 'admin' || input === 'member') return input;
  if (input === 'owner') throw invalidField('role', 'The role must be "admin" or "member"; ownership moves by transfer.');
  throw invalidField('role', 'The role must be "admin" or "member".');
}
