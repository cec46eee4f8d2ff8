// Request bodies of /api/v1/domains, parsed with zod; a failure is a 400 naming each field.
import { z } from 'zod';
import { ROOT_BEHAVIORS } from '../../db/schema/domains';
import { AppError } from '../http/errors';

const rootBehavior = z.enum(ROOT_BEHAVIORS, { error: `must be one of ${ROOT_BEHAVIORS.join(', ')}` });
const url = z.string({ error: 'must be a URL' }).max(2048, { error: 'must be at most 2048 characters' });

export const ZCreateDomain = z.strictObject({
  hostname: z.string({ error: 'Give the host name, such as go.example.com.' }).max(300, { error: 'is too long' }),
  not_found_url: url.nullable().optional(),
  root_redirect_url: url.nullable().optional(),
  root_behavior: rootBehavior.optional(),
  default: z.boolean({ error: 'must be true or false' }).optional(),
});
export type TCreateDomain = z.infer<typeof ZCreateDomain>;

export const ZUpdateDomain = z.strictObject({
  not_found_url: url.nullable().optional(),
  root_redirect_url: url.nullable().optional(),
  root_behavior: rootBehavior.optional(),
  default: z.boolean({ error: 'must be true or false' }).optional(),
});
export type TUpdateDomain = z.infer<typeof ZUpdateDomain>;

/** Parses `body` or throws 400 invalid_request with one message per field. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const details: Record<string, string> = {};
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') for (const key of issue.keys) details[key] = 'Unknown field.';
    else details[String(issue.path[0] ?? 'body')] ??= issue.message;
  }
  const [field, message] = Object.entries(details)[0];
  throw new AppError('invalid_request', message === 'Unknown field.' ? `Unknown field: ${field}.` : `${field} ${message}`.replace(/^hostname Give/, 'Give'), details);
}
