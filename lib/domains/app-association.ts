// A custom domain's app association files, which let its links open the owner's apps
// (docs/guide/custom-domains.md, "Deep links"): Apple's apple-app-site-association ("Supporting
// associated domains") and Google's Digital Asset Links statements (assetlinks.json). Checked against
// the formats Apple and Google document; keys Apple adds later pass, the size is capped at Apple's limit.
import { z } from 'zod';

/** Apple refuses a larger file; the same bound keeps assetlinks.json (and the domain's row) small. */
export const MAX_ASSOCIATION_BYTES = 128 * 1024;
export const MAX_ASSET_STATEMENTS = 100;

const APP_ID = /^[A-Z0-9]{10}\.[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/;
const PACKAGE_NAME = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;
const FINGERPRINT = /^[0-9A-F]{2}(:[0-9A-F]{2}){31}$/;
const RELATION = /^[a-z0-9_]+\/[a-z0-9_.]+$/;

const appId = z
  .string({ error: 'must be an app ID (a string)' })
  .regex(APP_ID, 'must be an app ID: the 10-character team ID (upper-case letters and digits), a dot and the bundle ID, such as ABCDE12345.com.example.app');
const appIds = z.array(appId, { error: 'must be a list of app IDs' });
const flag = z.boolean({ error: 'must be true or false' });
const text = z.string({ error: 'must be a string' });

/** One URL pattern of `applinks.details[].components` (iOS 13 and later). */
const ZComponent = z.looseObject(
  {
    '/': text.optional(),
    // A pattern for the whole query, or one per query item.
    '?': z.union([text, z.record(z.string(), text)], { error: 'must be a string or an object of strings' }).optional(),
    '#': text.optional(),
    exclude: flag.optional(),
    comment: text.optional(),
    caseSensitive: flag.optional(),
    percentEncoded: flag.optional(),
  },
  { error: 'must be an object' },
);

const ZAppLinksDetail = z
  .looseObject(
    {
      appIDs: appIds.min(1, 'must name at least one app').optional(),
      appID: appId.optional(),
      components: z.array(ZComponent, { error: 'must be a list of objects' }).optional(),
      paths: z.array(text, { error: 'must be a list of strings' }).optional(),
    },
    { error: 'must be an object' },
  )
  .superRefine((d, ctx) => {
    if (d.appIDs === undefined && d.appID === undefined) ctx.addIssue({ code: 'custom', message: 'needs appIDs (or the older appID)' });
    if (d.components === undefined && d.paths === undefined) ctx.addIssue({ code: 'custom', message: 'needs components (or the older paths)' });
  });

const ZApps = z.looseObject({ apps: appIds }, { error: 'must be an object' });

export const ZAppleAppSiteAssociation = z
  .looseObject(
    {
      applinks: z
        .looseObject(
          {
            // Legacy: Apple asks for an empty list here, or no key at all.
            apps: z.array(z.unknown(), { error: 'must be an empty list' }).max(0, 'must be an empty list').optional(),
            details: z.array(ZAppLinksDetail, { error: 'must be a list' }),
            defaults: z.looseObject({ caseSensitive: flag.optional(), percentEncoded: flag.optional() }, { error: 'must be an object' }).optional(),
          },
          { error: 'must be an object' },
        )
        .optional(),
      webcredentials: ZApps.optional(),
      appclips: ZApps.optional(),
    },
    { error: 'must be a JSON object' },
  )
  .refine((f) => f.applinks !== undefined || f.webcredentials !== undefined || f.appclips !== undefined, {
    error: 'needs at least one of applinks, webcredentials and appclips',
  });

const ZAndroidTarget = z.looseObject({
  namespace: z.literal('android_app'),
  package_name: z.string({ error: 'must be the app’s package name' }).regex(PACKAGE_NAME, 'must be an Android package name, such as com.example.app'),
  sha256_cert_fingerprints: z
    .array(
      z
        .string({ error: 'must be a string' })
        .regex(FINGERPRINT, 'must be a SHA-256 fingerprint: 32 upper-case hex bytes separated by colons, such as 14:6D:E9:…:A5'),
      { error: 'must be a list of SHA-256 fingerprints' },
    )
    .min(1, 'must hold at least one fingerprint'),
});

const ZWebTarget = z.looseObject({
  namespace: z.literal('web'),
  site: z.string({ error: 'must be a site such as https://example.com' }).refine(isSite, 'must be a site (scheme and host only), such as https://example.com'),
});

const ZStatement = z.looseObject(
  {
    relation: z
      .array(z.string({ error: 'must be a string' }).regex(RELATION, 'must be a relation such as delegate_permission/common.handle_all_urls'), {
        error: 'must be a list of relations',
      })
      .min(1, 'must name at least one relation'),
    target: z.discriminatedUnion('namespace', [ZAndroidTarget, ZWebTarget], { error: 'must have a namespace of android_app or web' }),
  },
  { error: 'must be a statement object' },
);

export const ZAssetLinks = z
  .array(ZStatement, { error: 'must be a JSON list of statements' })
  .min(1, 'must hold at least one statement')
  .max(MAX_ASSET_STATEMENTS, `may hold at most ${MAX_ASSET_STATEMENTS} statements`);

function isSite(value: string): boolean {
  if (!/^https?:\/\//.test(value) || !URL.canParse(value)) return false;
  const url = new URL(value);
  return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
}

/** `details[0].appIDs[0]` from a zod issue's path. */
function pathText(path: readonly PropertyKey[]): string {
  return path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`)).join('');
}

/**
 * An API field holding one of the files: checked whole (size first, then the format), its first
 * problem named by path (`apple_app_site_association.applinks.details[0].appIDs[0]: must be …`).
 * The value is kept as sent, so the domain serves the file exactly as its owner wrote it.
 */
export function associationField<S extends z.ZodType>(schema: S, name: string) {
  return z.unknown().transform((value, ctx): z.output<S> => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    const size = Buffer.byteLength(JSON.stringify(value) ?? '');
    if (size > MAX_ASSOCIATION_BYTES) return fail(`${name} is ${Math.ceil(size / 1024)} KB; at most ${MAX_ASSOCIATION_BYTES / 1024} KB is served.`);
    const parsed = schema.safeParse(value);
    if (parsed.success) return value as z.output<S>;
    const issue = parsed.error.issues[0];
    return fail(`${name}${pathText(issue?.path ?? [])}: ${issue?.message ?? 'is not valid'}.`);
  });
}

/** A schema's JSON Schema (as the request takes it) for the OpenAPI document. */
export function associationJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}
