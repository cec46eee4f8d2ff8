// The one ZodError → invalid_request mapper. Every bad field is named in `details` ({ field:
// message }); the message is that field's (a fragment such as "must be a URL" is prefixed with the
// field's name, unless it starts with it), or "Check these fields: a, b." when several are bad.
// Unknown keys come first, as "Unknown field(s): a, b." (details: "Unknown field.").
import { z } from 'zod';
import { AppError } from '../core/errors';

/** `order`: the schema's field order, so a field checked asynchronously (a URL's DNS) still comes in its place. */
export function zodToAppError(error: z.ZodError, order: readonly string[] = []): AppError {
  const details: Record<string, string> = {};
  const unknown: string[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        unknown.push(key);
        details[key] = 'Unknown field.';
      }
    } else {
      // Named by the top-level field (ids, not ids.0): the field the client sent.
      details[issue.path.length ? String(issue.path[0]) : 'body'] ??= issue.message;
    }
  }
  if (unknown.length) return new AppError('invalid_request', `Unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`, details);
  const rank = (f: string) => (order.includes(f) ? order.indexOf(f) : order.length);
  const fields = Object.keys(details).sort((a, b) => rank(a) - rank(b));
  if (fields.length > 1) return new AppError('invalid_request', `Check these fields: ${fields.join(', ')}.`, details);
  const field = fields[0] ?? 'body';
  const message = details[field] ?? 'The request is invalid.';
  // A fragment gets its field's name; a message naming a place inside the field (`field.a[0]: …`) already has it.
  const named = !/^[a-z]/.test(message) || (message.startsWith(field) && '.[: '.includes(message[field.length]));
  return new AppError('invalid_request', named ? message : `${field} ${message}`, details);
}

/** Parses `value` or throws 400 invalid_request naming every bad field (`field`: the name of a lone value). */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, field?: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  throw zodToAppError(
    field ? new z.ZodError(result.error.issues.map((i) => ({ ...i, path: [field, ...i.path] }))) : result.error,
    shape ? Object.keys(shape) : [],
  );
}

/** parseWith for schemas with async checks (a webhook URL's DNS lookup). */
export async function parseWithAsync<S extends z.ZodType>(schema: S, value: unknown): Promise<z.output<S>> {
  const result = await schema.safeParseAsync(value);
  if (result.success) return result.data;
  throw zodToAppError(result.error, fieldOrder(schema, value));
}

type Shaped = { shape?: Record<string, z.ZodType> };

/** An object schema's fields in order; for a discriminated union, those of the option `value` picks. */
function fieldOrder(schema: z.ZodType, value: unknown): string[] {
  const s = schema as unknown as Shaped & { options?: Shaped[]; def?: { discriminator?: string } };
  if (s.shape) return Object.keys(s.shape);
  const key = s.def?.discriminator;
  if (!key || !s.options) return [];
  const tag = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  const option = s.options.find((o) => o.shape?.[key]?.safeParse(tag).success);
  return option?.shape ? Object.keys(option.shape) : [];
}

/**
 * Runs a domain rule inside a zod transform: an AppError naming fields (invalidField) becomes an
 * issue on each of those fields, so the one mapper reports it with the others.
 */
export function asIssues<T>(ctx: z.RefinementCtx, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'invalid_request') throw err;
    const fields = Object.entries(err.details ?? { body: err.message });
    for (const [field, message] of fields) ctx.addIssue({ code: 'custom', path: [field], message: String(message) });
    return undefined as never;
  }
}
