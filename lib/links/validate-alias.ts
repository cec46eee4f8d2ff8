// Alias rules (docs/api/rest-v1.md, "Links"): 3–50 of [A-Za-z0-9_-], not a reserved word.
import { invalidField } from '../core/errors';
import { isReserved } from './reserved-words';

const ALIAS = /^[A-Za-z0-9_-]{3,50}$/;

export function validateAlias(input: unknown, field = 'alias'): string {
  if (typeof input !== 'string') throw invalidField(field, 'The alias must be a string.');
  if (!ALIAS.test(input)) {
    throw invalidField(field, 'The alias must be 3 to 50 characters of letters, digits, "-" or "_".');
  }
  if (isReserved(input)) throw invalidField(field, `"${input}" is reserved; choose another alias.`);
  return input;
}
