// max_clicks: a whole number from 1; past it the link behaves as expired.
import { invalidField } from '../core/errors';

export function validateMaxClicks(input: unknown): number {
  if (typeof input !== 'number' || !Number.isInteger(input) || input < 1 || input > 2_000_000_000) {
    throw invalidField('max_clicks', 'max_clicks must be a whole number of at least 1 (or null for no limit).');
  }
  return input;
}
