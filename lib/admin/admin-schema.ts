// Request bodies and queries of /api/v1/admin/*, parsed with zod (parseBody: a 400 naming each field).
import { z } from 'zod';
import { PLANS, SIGNUP_MODES } from '../../db/schema';
import { ZLink } from '../links/link-schema';

const note = z.string({ error: 'must be text' }).trim().max(1000, { error: 'must be at most 1000 characters' }).optional();

/** Every action takes an optional note for the audit trail. */
export const ZAdminNote = z.strictObject({ note });
export type TAdminNote = z.infer<typeof ZAdminNote>;

export const ZDisableLink = z.strictObject({
  reason: z
    .string({ error: 'Say why the link is disabled.' })
    .trim()
    .min(1, { error: 'Say why the link is disabled.' })
    .max(500, { error: 'must be at most 500 characters' }),
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
  anonymous_per_hour: z
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(100_000, { error: 'must be at most 100000' })
    .nullable()
    .optional(),
  note,
});
export type TUpdateSettings = z.infer<typeof ZUpdateSettings>;

export const ZUsersQuery = z.object({
  q: z.string().trim().max(200, { error: 'must be at most 200 characters' }).optional(),
  page: z.coerce
    .number({ error: 'must be a page number' })
    .int({ error: 'must be a page number' })
    .min(1, { error: 'must be at least 1' })
    .max(100_000, { error: 'is too large' })
    .optional(),
});
export type TUsersQuery = z.infer<typeof ZUsersQuery>;

/** Ids in paths: link and report ids are numbers, user and workspace ids text. */
export const ZNumericId = z.coerce.number({ error: 'must be a number' }).int().min(1).max(Number.MAX_SAFE_INTEGER);
export const ZTextId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, { error: 'is not an id' });

export const ZNumericIdParams = z.object({ id: ZNumericId.meta({ description: 'The link or report id.' }) });
export const ZTextIdParams = z.object({ id: ZTextId.meta({ description: 'The user or workspace id.' }) });

// The console's answers.
const timestamp = z.string().meta({ format: 'date-time' });

export const ZAdminAction = z
  .object({
    id: z.number().int(),
    action: z.enum(['approve_link', 'disable_link', 'dismiss_report', 'ban_user', 'unban_user', 'set_plan', 'update_settings', 'reset_password']),
    target: z.object({ type: z.string(), id: z.string(), label: z.string().nullable() }),
    note: z.string().nullable(),
    admin: z.object({ id: z.string().nullable(), email: z.string().nullable() }),
    created_at: timestamp,
  })
  .meta({ id: 'AdminAction' });

const ZAbuseReport = z.object({
  id: z.number().int(),
  source: z.string(),
  reason: z.string(),
  details: z.string().nullable(),
  url: z.string(),
  created_at: timestamp,
});

/** `link`: the held or reported link (null for a report whose link was deleted). */
export const ZReviewItem = z
  .object({
    link: ZLink.nullable(),
    owner: z.object({ id: z.string(), email: z.string(), name: z.string(), banned: z.boolean() }).nullable(),
    workspace: z.object({ id: z.string(), name: z.string(), kind: z.string() }).nullable(),
    reports: z.array(ZAbuseReport),
  })
  .meta({ id: 'ReviewItem' });

export const ZAdminUserPage = z.object({
  users: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      role: z.string(),
      banned: z.boolean(),
      ban_reason: z.string().nullable(),
      created_at: timestamp,
      workspaces: z.array(z.object({ id: z.string(), name: z.string(), kind: z.string(), plan: z.enum(PLANS) })),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

export const ZInstanceSettings = z
  .object({ signups: z.enum(SIGNUP_MODES), anonymous_shortening: z.boolean(), anonymous_per_hour: z.number().int().nullable() })
  .meta({ id: 'InstanceSettings' });

/** A password reset an admin started: mailed, or (mail off) the link to hand over. */
export const ZPasswordReset = z
  .object({
    mailed: z.boolean().meta({ description: 'true: the reset mail went to the account’s address (no link in the answer).' }),
    link: z.string().optional().meta({ description: 'Only when the server sends no mail: the reset link to pass on; valid one hour, once.' }),
    expires_at: timestamp.optional(),
  })
  .meta({ id: 'PasswordReset' });

export const ZPlanChanged = z.object({ id: z.string(), name: z.string(), kind: z.string(), plan: z.enum(PLANS) });
