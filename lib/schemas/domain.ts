// Request bodies of /api/v1/domains, parsed with zod; a failure is a 400 naming each field.
import { z } from 'zod';
import { ROOT_BEHAVIORS } from '../../db/schema/domains';

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

/** Parses `body` or throws 400 invalid_request naming each field (the shared mapper, lib/schemas/parse-input.ts). */
export { parseWith as parseBody } from './parse-input';

/** A domain as the API answers (GET /api/v1/domains, Variant A's domains action). */
export const ZDomain = z
  .object({
    id: z.number().int(),
    hostname: z.string(),
    status: z.string(),
    shared: z.boolean(),
    default: z.boolean(),
    not_found_url: z.string().nullable(),
    root_redirect_url: z.string().nullable(),
    root_behavior: z.string(),
    records: z.array(z.record(z.string(), z.unknown())),
    verified_at: z.string().nullable(),
    last_checked_at: z.string().nullable(),
    next_check_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .loose()
  .meta({ id: 'Domain' });
