// API token bodies and answers (/api/v1/tokens, sling tokens create). The rules on a token's name
// and scopes live here and are used by createApiToken too, so the CLI and the API refuse alike.
import { z } from 'zod';
import { DEFAULT_TOKEN_SCOPES, isTokenScope, TOKEN_SCOPES, type TokenScope } from '../tenancy/permissions';
import { zIsoDate, ZTimestamp } from '../schemas/common';

export const ZTokenName = z
  .string({ error: 'The name must be text.' })
  .trim()
  .min(1, { error: 'The name must be 1 to 100 characters.' })
  .max(100, { error: 'The name must be 1 to 100 characters.' })
  .meta({ examples: ['CI deploy'] });

/** Absent: every scope but managing tokens (stored as an empty list); otherwise a non-empty list of known scopes. */
export const ZTokenScopes = z
  .array(z.unknown(), { error: `Scopes must be a non-empty list of: ${TOKEN_SCOPES.join(', ')}.` })
  .min(1, { error: `Scopes must be a non-empty list of: ${TOKEN_SCOPES.join(', ')}.` })
  .nullish()
  .transform((input, ctx): TokenScope[] => {
    if (!input) return [];
    const unknown = input.filter((s) => !isTokenScope(s));
    if (unknown.length > 0)
      ctx.addIssue({
        code: 'custom',
        message: `Unknown scope ${unknown.map((s) => JSON.stringify(s)).join(', ')}; the scopes are ${TOKEN_SCOPES.join(', ')}.`,
      });
    const given = new Set(input as TokenScope[]);
    const isDefault = given.size === DEFAULT_TOKEN_SCOPES.length && DEFAULT_TOKEN_SCOPES.every((s) => given.has(s));
    return isDefault ? [] : TOKEN_SCOPES.filter((s) => given.has(s));
  })
  .meta({
    type: 'array',
    items: { type: 'string', enum: [...TOKEN_SCOPES] },
    minItems: 1,
    description: 'Absent: every scope except tokens:read and tokens:write, which a token has only when they are named.',
  } as never);

export const ZCreateToken = z.object({
  name: ZTokenName.optional(),
  expires_at: zIsoDate('expires_at').nullish(),
  scopes: ZTokenScopes.optional(),
});

export const ZTokenActionParams = z.object({ id: z.string(), action: z.enum(['regenerate', 'rotate']) });
export const ZTokenParams = z.object({ id: z.string() });

export const ZRotateToken = z.object({
  grace_hours: z
    .union([z.number(), z.string()], { error: 'The grace period must be a positive number of hours.' })
    .transform((v) => Number(v))
    .refine((n) => Number.isFinite(n) && n > 0, { error: 'The grace period must be a positive number of hours.' })
    .optional(),
});

export const ZToken = z
  .object({
    id: z.string(),
    name: z.string().meta({ examples: ['CI deploy'] }),
    prefix: z.string(),
    user_id: z.string(),
    scopes: z.array(z.enum(TOKEN_SCOPES)),
    created_at: ZTimestamp,
    last_used_at: ZTimestamp.nullable(),
    expires_at: ZTimestamp.nullable(),
    revoked_at: ZTimestamp.nullable().meta({ examples: [null] }),
  })
  .loose()
  .meta({ id: 'ApiToken' });
