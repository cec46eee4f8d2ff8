// A JSON request body that must be an object with only known keys (a stray key is a 400 naming it).
import { AppError } from '../core/errors';
import { readJsonBody } from './read-json-body';

/** The request's JSON object; a key outside `allowed` is a 400 naming it. */
export async function readFields(req: Request, allowed: ReadonlySet<string>): Promise<Record<string, unknown>> {
  const body = await readJsonBody(req);
  const unknown = Object.keys(body).filter((k) => !allowed.has(k));
  if (unknown.length) {
    throw new AppError(
      'invalid_request',
      `Unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`,
      Object.fromEntries(unknown.map((k) => [k, 'Unknown field.'])),
    );
  }
  return body;
}
