// SCIM 2.0 request bodies (RFC 7643 resources, RFC 7644 PATCH), parsed with zod. Identity providers
// differ in details these accept: Entra sends booleans as "True"/"False" and capitalised PATCH ops,
// Okta sends `replace` without a path and a value object. Attributes Sling does not keep (title,
// phone numbers, the enterprise extension) are accepted and ignored.
import { z } from 'zod';

export const SCIM_USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const SCIM_PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const SCIM_LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** true/false, or Entra's "True"/"False". */
export const scimBoolean = z.preprocess(
  (v) => (typeof v === 'string' && /^(true|false)$/i.test(v) ? v.toLowerCase() === 'true' : v),
  z.boolean({ error: 'must be true or false' }),
);

const text = (max: number) =>
  z
    .string({ error: 'must be a string' })
    .trim()
    .max(max, { error: `must be at most ${max} characters` });
const optionalText = (max: number) => z.preprocess((v) => (v === null ? undefined : v), text(max).optional());

const email = z.looseObject({
  value: z
    .string({ error: 'must be an email address' })
    .trim()
    .toLowerCase()
    .max(320)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'must be an email address' }),
  type: optionalText(50),
  primary: scimBoolean.optional(),
});

export const ZScimName = z.looseObject({
  givenName: optionalText(200),
  familyName: optionalText(200),
  formatted: optionalText(400),
});

/** POST /Users and PUT /Users/{id}. */
export const ZScimUser = z.looseObject({
  schemas: z.array(z.string()).optional(),
  userName: text(320).min(1, { error: 'is required' }),
  externalId: optionalText(500),
  displayName: optionalText(400),
  name: ZScimName.optional(),
  emails: z.array(email).max(10).optional(),
  active: scimBoolean.optional(),
});
export type TScimUser = z.infer<typeof ZScimUser>;

export const ZScimPatch = z.looseObject({
  schemas: z.array(z.string()).optional(),
  Operations: z
    .array(
      z.looseObject({
        op: z
          .string()
          .transform((v) => v.toLowerCase())
          .pipe(z.enum(['add', 'replace', 'remove'], { error: 'must be add, replace or remove' })),
        path: z.string().trim().max(500).optional(),
        value: z.unknown().optional(),
      }),
      { error: 'must be a list of operations' },
    )
    .min(1, { error: 'must name at least one operation' })
    .max(100),
});
export type TScimPatch = z.infer<typeof ZScimPatch>;

const member = z.looseObject({ value: text(100).min(1), display: optionalText(400) });
export const ZScimMembers = z.array(member).max(1000);

/** POST /Groups and PUT /Groups/{id}. */
export const ZScimGroup = z.looseObject({
  schemas: z.array(z.string()).optional(),
  displayName: text(200).min(1, { error: 'is required' }),
  externalId: optionalText(500),
  members: ZScimMembers.optional(),
});
export type TScimGroup = z.infer<typeof ZScimGroup>;

/** ?filter=&startIndex=&count= of the list endpoints (RFC 7644 §3.4.2). */
export const ZScimListQuery = z.object({
  filter: z.string().max(1000).optional(),
  startIndex: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .optional()
    .transform((v) => Math.max(1, v ?? 1)),
  count: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .optional()
    .transform((v) => Math.min(200, Math.max(0, v ?? 100))),
});
