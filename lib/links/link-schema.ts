// Links as the JSON APIs (REST v1, Variant A) take and answer them, in sections: tags, the body
// fields (one table, LINK_FIELDS), the create/update bodies, the queries, the answers.
//
// Tags are stored as a text[] column
// on the link rather than in a tags table with link_tags: a link carries at most 10, they are read
// with the row (the list shows them without a join), a GIN index answers "links tagged x", and a
// workspace's tag list is the distinct values of its links. Only a chosen colour has a row of its
// own (db/schema/tags.ts, lib/tags/).
import { z } from 'zod';
import { LINK_ARCHIVED, LINK_ORDERS, LINK_SORTS, LINK_STATUS_FILTERS } from './find-links';
import { zIsoDate, zOptionalId, zPositiveId, zQueryEnum, zQueryInt, ZTimestamp } from '../schemas/common';
import { invalidField } from '../core/errors';
import { MAX_PREVIEW_DESCRIPTION, MAX_PREVIEW_TITLE } from '../previews/link-preview-schema';
import { MAX_RULES, ZRules, ZStoredRule } from '../link-rules/rule-schema';
import { ZAbTest, ZStoredAbTest } from '../link-rules/ab-test-schema';
import { ZFolderId } from '../folders/folder-schema';

export const MAX_TAGS = 10;
export const MAX_TAG_LENGTH = 32;

/** One tag as stored: trimmed, lower case, inner spaces collapsed to one hyphen. */
export function normalizeTag(raw: string): string {
  return raw.normalize('NFC').trim().toLowerCase().replace(/\s+/g, '-');
}

export const ZTag = z
  .string({ error: 'each tag must be text' })
  .transform(normalizeTag)
  .pipe(
    z
      .string()
      .min(1, 'a tag must not be empty')
      .max(MAX_TAG_LENGTH, `a tag must be at most ${MAX_TAG_LENGTH} characters`)
      .regex(/^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u, 'a tag may hold letters, digits, ".", "_" and "-" (starting with a letter or digit)'),
  );

export const ZTags = z
  .array(ZTag, { error: `tags must be a list of at most ${MAX_TAGS} names` })
  .transform((tags) => [...new Set(tags)])
  .pipe(z.array(z.string()).max(MAX_TAGS, `a link has at most ${MAX_TAGS} tags`));

/** Tags outside a request body (an import row): normalised, without repeats; a 400 naming `tags` otherwise. */
export function parseTags(value: unknown): string[] {
  const parsed = ZTags.safeParse(value);
  if (!parsed.success) throw invalidField('tags', `Invalid tags: ${parsed.error.issues[0]?.message ?? 'not a list of names'}.`);
  return parsed.data;
}

// Notes, UTM values and safe renames (link power features): a note is the owner's free text about a
// link (`note`; Dub calls it `comments`); UTM values are written into the destination's query
// (lib/links/utm.ts); `free_old_code` gives up the code a rename leaves instead of keeping it.
export const MAX_NOTE_LENGTH = 2000;
export const MAX_UTM_LENGTH = 200;

export const ZNote = z
  .string({ error: 'note must be text (or null to remove it)' })
  .transform((s) => s.normalize('NFC').trim())
  .pipe(z.string().max(MAX_NOTE_LENGTH, `a note is at most ${MAX_NOTE_LENGTH} characters`));

export const ZUtmValue = z
  .string({ error: 'a UTM value must be text ("" or null removes it)' })
  .transform((s) => s.trim())
  .pipe(z.string().max(MAX_UTM_LENGTH, `a UTM value is at most ${MAX_UTM_LENGTH} characters`));

// ── Link body fields ─────────────────────────────────────────────────────────────────────────────
// One schema per field, named as the API names it. The create and update bodies below are built
// from this table: a new field (UTM, notes, previews…) is one entry here plus its name in the
// bodies that take it. Deeper rules (URL safety, reserved aliases, loops) stay in createLink/updateLink.

export const LINK_FIELDS = {
  url: z
    .string({ error: 'A destination URL is required.' })
    .meta({ description: 'The destination, http:// or https://.', examples: ['https://example.com/spring-sale?ref=newsletter'] }),
  alias: z.string({ error: 'The alias must be a string.' }).meta({ description: '3 to 50 of letters, digits, "-" and "_"; random when absent.' }),
  domain_id: zPositiveId('domain_id must be a positive whole number.').meta({ description: 'One of the workspace’s domains; the default when absent.' }),
  password: z.string({ error: 'The password must be at least 4 characters.' }).meta({ description: '4 to 128 characters; null removes it.' }),
  expiration: zIsoDate('expiration'),
  max_clicks: z
    .number({ error: 'max_clicks must be a whole number of at least 1 (or null for no limit).' })
    .meta({ description: 'Whole number ≥ 1; past it the link behaves as expired.' }),
  count_bots: z.boolean({ error: 'count_bots must be true or false.' }).meta({
    description:
      'Whether bots’ visits (crawlers, link unfurlers, HEAD requests) count as clicks: towards max_clicks and in the link’s statistics (the link’s own `clicks` counts people only); false unless set.',
  }),
  starts_at: zIsoDate('starts_at').meta({
    description: 'Before this, visitors get a "not yet" page (or the domain’s not_found_url); ISO 8601, without an offset UTC; null removes it.',
  }),
  expired_url: z
    .string({ error: 'expired_url must be a URL (or null to remove it).' })
    .meta({ description: 'Where visitors go once the link has expired or used up its clicks, instead of the “Link Expired” page; null removes it.' }),
  ios_url: z.string({ error: 'ios_url must be a URL or an app link (or null to remove it).' }).meta({
    description: 'Where iPhone and iPad visitors go: https, or an app link (myapp://…) that the app page tries; null removes it.',
    examples: ['myapp://product/42'],
  }),
  ios_fallback_url: z.string({ error: 'ios_fallback_url must be a URL (or null to remove it).' }).meta({
    description: 'Where an iOS visitor goes when the app link does not open (the App Store page); the link’s url when unset. null removes it.',
  }),
  android_url: z.string({ error: 'android_url must be a URL or an app link (or null to remove it).' }).meta({
    description: 'Where Android visitors go: https, or an app link that the app page tries; null removes it.',
  }),
  android_fallback_url: z.string({ error: 'android_fallback_url must be a URL (or null to remove it).' }).meta({
    description: 'Where an Android visitor goes when the app link does not open (the Play Store page); the link’s url when unset. null removes it.',
  }),
  forward_query: z.boolean({ error: 'forward_query must be true or false.' }).meta({
    description: 'Whether a visit’s query string is added to the destination (`/abc?ref=x` → `…?ref=x`); true unless set to false.',
  }),
  public_stats: z.boolean({ error: 'public_stats must be true or false.' }).meta({
    description:
      'Whether anyone with its address may see the link’s statistics on its public stats page (public_stats_url; never visitors or IPs); false unless set.',
  }),
  public_stats_password: z.string({ error: 'The public stats password must be at least 4 characters.' }).meta({
    description: 'Write-only: 4 to 128 characters asked before the public stats page shows anything; null removes it.',
  }),
  // Checked whole here, so an error names the rule and condition (rules[2].conditions[0].values[1]: …).
  rules: wholeField(ZRules, 'rules', 'not a list of rules').meta({
    ...jsonSchemaOf(ZRules),
    description: `Up to ${MAX_RULES} routing rules, in order: the first whose conditions all hold sends the visitor to its url; none matching, the link's url. [] removes them.`,
  } as never),
  ab_test: wholeField(ZAbTest, 'ab_test', 'not an A/B test').meta({
    ...jsonSchemaOf(ZAbTest),
    description:
      'Splits visitors between 2 to 10 weighted destinations, each keeping theirs; optionally ends at a date or click count, its winner becoming the url. null removes it.',
  } as never),
  tags: z
    .unknown()
    .transform((v, ctx) => {
      const parsed = ZTags.safeParse(v);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: `Invalid tags: ${parsed.error.issues[0]?.message ?? 'not a list of names'}.` });
      return z.NEVER;
    })
    .meta({
      type: 'array',
      items: { type: 'string', maxLength: MAX_TAG_LENGTH },
      maxItems: MAX_TAGS,
      description: 'Names, normalised to lower case.',
    } as never),
  archived: z.boolean({ error: 'archived must be true or false.' }),
  folder_id: ZFolderId.meta({ description: 'The workspace folder it is filed in (GET /api/v1/folders); null: unfiled. A link is in at most one folder.' }),
  note: ZNote.meta({ description: `Free text for the workspace, at most ${MAX_NOTE_LENGTH} characters; null or "" removes it.` }),
  utm_source: ZUtmValue.meta({ description: 'Written into the destination’s query; "" or null removes it.' }),
  utm_medium: ZUtmValue,
  utm_campaign: ZUtmValue,
  utm_term: ZUtmValue,
  utm_content: ZUtmValue,
  free_old_code: z
    .boolean({ error: 'free_old_code must be true or false.' })
    .meta({ description: 'With a new alias: free the old code instead of keeping it as a redirect.' }),
  // Checked by parsePreview (link-preview.ts) in the route, so an error names `preview.title` etc.
  preview: z.unknown().meta({
    type: ['object', 'null'],
    properties: {
      title: { type: 'string', minLength: 1, maxLength: MAX_PREVIEW_TITLE },
      description: { type: ['string', 'null'], maxLength: MAX_PREVIEW_DESCRIPTION },
      image: { type: ['string', 'null'], format: 'uri', description: 'An https URL; an upload goes to PUT /api/v1/links/{id}/preview/image.' },
    },
    required: ['title'],
    additionalProperties: false,
    description: 'The social preview link-preview bots get; null removes it.',
  } as never),
} as const;

const F = LINK_FIELDS;

/** A field parsed whole by `schema`, its first problem named by path (`rules[2].conditions[0]: …`). */
function wholeField<S extends z.ZodType>(schema: S, name: string, what: string) {
  return z.unknown().transform((v, ctx): z.output<S> => {
    const parsed = schema.safeParse(v);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${name}${issue.path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`)).join('')}: ` : '';
    ctx.addIssue({ code: 'custom', message: `Invalid ${name}: ${where}${issue?.message ?? what}.` });
    return z.NEVER;
  });
}

/** A schema's JSON Schema (as the request takes it) for a field whose checks run in a transform. */
function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

/** Variant A's create body (its documented fields). */
export const ZCreateLinkA = z.strictObject({
  url: F.url,
  alias: F.alias.nullish(),
  domain_id: F.domain_id.nullish(),
  password: F.password.nullish(),
  expiration: F.expiration.nullish(),
  max_clicks: F.max_clicks.nullish(),
  count_bots: F.count_bots.nullish(),
  starts_at: F.starts_at.nullish(),
  expired_url: F.expired_url.nullish(),
  ios_url: F.ios_url.nullish(),
  ios_fallback_url: F.ios_fallback_url.nullish(),
  android_url: F.android_url.nullish(),
  android_fallback_url: F.android_fallback_url.nullish(),
  forward_query: F.forward_query.nullish(),
  rules: F.rules.nullish(),
  ab_test: F.ab_test.nullish(),
});
/** REST v1's create body: Variant A's plus tags, a note, UTM values and a social preview. */
export const ZCreateLink = ZCreateLinkA.extend({
  tags: F.tags.nullish(),
  note: F.note.nullish(),
  utm_source: F.utm_source.nullish(),
  utm_medium: F.utm_medium.nullish(),
  utm_campaign: F.utm_campaign.nullish(),
  utm_term: F.utm_term.nullish(),
  utm_content: F.utm_content.nullish(),
  preview: F.preview.nullish(),
  public_stats: F.public_stats.nullish(),
  public_stats_password: F.public_stats_password.nullish(),
  folder_id: F.folder_id.nullish(),
});
export type TCreateLink = z.output<typeof ZCreateLink>;

const NOTHING_TO_CHANGE =
  'Send at least one field to change: url, alias, password, expiration, max_clicks, count_bots, starts_at, expired_url, ios_url, android_url (and their fallbacks), forward_query, rules, ab_test, tags, archived, note, preview, public_stats, public_stats_password, folder_id or a utm_* value.';
/** ios_url, android_url and their fallbacks in an update: a URL sets, null removes. */
const PLATFORM_CHANGES = {
  ios_url: F.ios_url.nullable().optional(),
  ios_fallback_url: F.ios_fallback_url.nullable().optional(),
  android_url: F.android_url.nullable().optional(),
  android_fallback_url: F.android_fallback_url.nullable().optional(),
};
/** Variant A's update body: only the fields given change; null removes password, expiration, limit. */
export const ZUpdateLinkA = z
  .strictObject({
    url: F.url.optional(),
    alias: F.alias.optional(),
    password: F.password.nullable().optional(),
    expiration: F.expiration.nullable().optional(),
    max_clicks: F.max_clicks.nullable().optional(),
    count_bots: F.count_bots.optional(),
    starts_at: F.starts_at.nullable().optional(),
    expired_url: F.expired_url.nullable().optional(),
    ...PLATFORM_CHANGES,
    forward_query: F.forward_query.optional(),
    rules: F.rules.nullable().optional(),
    ab_test: F.ab_test.nullable().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { error: NOTHING_TO_CHANGE, path: ['body'] });
/** REST v1's update body: Variant A's plus tags (null clears them) and archived. */
export const ZUpdateLink = z
  .strictObject({
    url: F.url.optional(),
    alias: F.alias.optional(),
    password: F.password.nullable().optional(),
    expiration: F.expiration.nullable().optional(),
    max_clicks: F.max_clicks.nullable().optional(),
    count_bots: F.count_bots.optional(),
    starts_at: F.starts_at.nullable().optional(),
    expired_url: F.expired_url.nullable().optional(),
    ...PLATFORM_CHANGES,
    forward_query: F.forward_query.optional(),
    rules: F.rules.nullable().optional(),
    ab_test: F.ab_test.nullable().optional(),
    tags: F.tags.nullable().optional(),
    archived: F.archived.optional(),
    note: F.note.nullable().optional(),
    utm_source: F.utm_source.nullable().optional(),
    utm_medium: F.utm_medium.nullable().optional(),
    utm_campaign: F.utm_campaign.nullable().optional(),
    utm_term: F.utm_term.nullable().optional(),
    utm_content: F.utm_content.nullable().optional(),
    free_old_code: F.free_old_code.optional(),
    preview: F.preview.nullable().optional(),
    public_stats: F.public_stats.optional(),
    public_stats_password: F.public_stats_password.nullable().optional(),
    folder_id: F.folder_id.nullable().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { error: NOTHING_TO_CHANGE, path: ['body'] });
export type TUpdateLink = z.output<typeof ZUpdateLink>;

const BULK_IDS = 'ids must be a list of 1 to 100 link ids (positive whole numbers).';
export const ZBulkDeleteLinks = z.strictObject({
  ids: z
    .array(z.number({ error: BULK_IDS }).int({ error: BULK_IDS }).min(1, { error: BULK_IDS }).max(Number.MAX_SAFE_INTEGER, { error: BULK_IDS }), {
      error: BULK_IDS,
    })
    .min(1, { error: BULK_IDS })
    .max(100, { error: BULK_IDS }),
});

// ── Queries ──────────────────────────────────────────────────────────────────────────────────────

const ZTagParam = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return undefined;
    const parsed = ZTag.safeParse(v);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: `The tag filter: ${parsed.error.issues[0]?.message ?? 'is invalid'}.` });
    return z.NEVER;
  });

export const ZListLinksQuery = z.object({
  q: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined),
  sort: zQueryEnum('sort', LINK_SORTS),
  order: zQueryEnum('order', LINK_ORDERS),
  status: zQueryEnum('status', LINK_STATUS_FILTERS),
  tag: ZTagParam,
  domain_id: zOptionalId('domain_id').meta({ description: 'Only the links on this domain.' }),
  archived: zQueryEnum('archived', LINK_ARCHIVED),
  folder: z
    .string()
    .max(100, { error: 'folder must be a folder id or "none".' })
    .optional()
    .transform((v) => v || undefined)
    .meta({ description: 'Only the links filed in this folder (its id), or `none`: only the unfiled ones.' }),
  created_by: z
    .string()
    .regex(/^[\w-]{0,100}$/, { error: "created_by must be a member's user id." })
    .optional()
    .transform((v) => v || undefined),
  limit: zQueryInt('limit', 50, 1, 100),
  offset: zQueryInt('offset', 0, 0, Number.MAX_SAFE_INTEGER),
});

export const ZAliasAvailabilityQuery = z.object({
  alias: z.string({ error: 'Name the alias to check with ?alias=.' }).min(1, { error: 'Name the alias to check with ?alias=.' }),
  domain_id: zOptionalId('domain_id'),
});

export const ZLinkIdParams = z.object({ id: z.string().meta({ description: 'The link id.', examples: ['4711'] }) });

export const ZLinkEventsQuery = z.object({
  limit: zQueryInt('limit', 20, 1, 100, 'The limit must be a whole number from 1 to 100.'),
  before: z
    .string()
    .optional()
    .transform((v) => v || undefined),
});

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────

export const ZLink = z
  .object({
    id: z.number().int(),
    short_code: z.string(),
    short_url: z.string(),
    long_url: z.string(),
    domain: z.object({
      id: z
        .number()
        .int()
        .meta({ examples: [7] }),
      hostname: z.string(),
    }),
    password_protected: z.boolean(),
    expiration: ZTimestamp.nullable(),
    max_clicks: z.number().int().nullable(),
    count_bots: z.boolean(),
    starts_at: ZTimestamp.nullable(),
    expired_url: z.string().nullable(),
    ios_url: z.string().nullable(),
    ios_fallback_url: z.string().nullable(),
    android_url: z.string().nullable(),
    android_fallback_url: z.string().nullable(),
    forward_query: z.boolean(),
    public_stats: z.boolean(),
    public_stats_url: z
      .string()
      .nullable()
      .meta({ description: 'The public stats page’s address; null while it is off.', examples: ['https://sling.example/stats/spring-sale'] }),
    public_stats_protected: z.boolean().meta({ description: 'Whether the public stats page asks a password first.' }),
    rules: z.array(ZStoredRule),
    ab_test: ZStoredAbTest.nullable(),
    status: z.string().meta({ examples: ['active'] }),
    disabled_reason: z.string().nullable(),
    safety_reason: z.string().nullable(),
    clicks: z.number().int(),
    tags: z.array(z.string()),
    archived: z.boolean(),
    archived_at: ZTimestamp.nullable(),
    folder_id: z.string().nullable().meta({ description: 'The folder it is filed in; null: unfiled.' }),
    note: z.string().nullable(),
    utm_source: z.string().nullable(),
    utm_medium: z.string().nullable(),
    utm_campaign: z.string().nullable(),
    utm_term: z.string().nullable(),
    utm_content: z.string().nullable(),
    preview: z
      .object({
        title: z.string(),
        description: z.string().nullable(),
        image: z.string().nullable(),
        image_source: z.enum(['url', 'upload', 'generated']),
        image_url: z.string(),
      })
      .loose()
      .nullable()
      .optional(),
    created_by: z.string().nullable(),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
  })
  .meta({ id: 'Link' });

export const ZLinkList = z
  .object({ links: z.array(ZLink), total: z.number().int(), limit: z.number().int(), offset: z.number().int() })
  .meta({ id: 'LinkList' });

// The social preview's fields (preview: { title, description, image }) live beside this file.
export { parsePreview, ZLinkPreviewInput, type LinkPreviewInput, type LinkPreviewJson } from '../previews/link-preview-schema';
