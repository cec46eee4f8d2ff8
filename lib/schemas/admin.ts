// Request bodies and queries of /api/v1/admin/*, parsed with zod (parseBody: a 400 naming each field).
import { z } from 'zod';
import { PLANS, SIGNUP_MODES } from '../../db/schema';

const note = z.string({ error: 'must be text' }).trim().max(1000, { error: 'must be at most 1000 characters' }).optional();

/** Every action takes an optional note for the audit trail. */
export const ZAdminNote = z.strictObject({ note });
export type TAdminNote = z.infer<typeof ZAdminNote>;

export const ZDisableLink = z.strictObject({
  reason: z.string({ error: 'Say why the link is disabled.' }).trim().min(1, { error: 'Say why the link is disabled.' }).max(500, { error: 'must be at most 500 characters' }),
  note,
});
export type TDisableLink = z.infer<typeof ZDisableLink>;

export const ZBanUser = z.strictObject({
  reason: z.string({ error: 'must be text' }).trim().min(1, { error: 'Say why the account is banned.' }).max(500, { error: 'must be at most 500 characters' }),
  note,
});
export type TBanUser = z.infer<typeof ZBanUser>;

export const ZSetPlan = z.strictObject({
  plan: z.enum(PLANS, { error: `must be one of ${PLANS.join(', ')}` }),
  note,
});
export type TSetPlan = z.infer<typeof ZSetPlan>;

export const ZUpdateSettings = z.strictObject({
  signups: z.enum(SIGNUP_MODES, { error: `must be one of ${SIGNUP_MODES.join(', ')}` }).optional(),
  anonymous_shortening: z.boolean({ error: 'must be true or false' }).optional(),
  anonymous_per_hour: z.number({ error: 'must be a whole number' }).int({ error: 'must be a whole number' }).min(1, { error: 'must be at least 1' }).max(100_000, { error: 'must be at most 100000' }).nullable().optional(),
  note,
});
export type TUpdateSettings = z.infer<typeof ZUpdateSettings>;

export const ZUsersQuery = z.object({
  q: z.string().trim().max(200, { error: 'must be at most 200 characters' }).optional(),
  page: z.coerce.number({ error: 'must be a page number' }).int({ error: 'must be a page number' }).min(1, { error: 'must be at least 1' }).max(100_000, { error: 'is too large' }).optional(),
});
export type TUsersQuery = z.infer<typeof ZUsersQuery>;

/** Ids in paths: link and report ids are numbers, user and workspace ids text. */
export const ZNumericId = z.coerce.number({ error: 'must be a number' }).int().min(1).max(Number.MAX_SAFE_INTEGER);
export const ZTextId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, { error: 'is not an id' });
