// Building blocks shared by the resource schemas: ids, paging numbers in query strings, dates, and
// the JSON error body every route answers with.
import { z } from 'zod';
import { ERROR_DOCS_PATH, ERROR_STATUS } from '../core/errors';
import { parseExpiration } from './parse-expiration';

/** A positive whole number given as a number or a digit string (ids in bodies and query strings); `message` names it. */
export function zPositiveId(message: string) {
  return z
    .union([z.number({ error: message }), z.string({ error: message }).regex(/^\d{1,15}$/, { error: message })], { error: message })
    .transform((v) => Number(v))
    .refine((n) => Number.isSafeInteger(n) && n >= 1, { error: message });
}

/** An optional id: absent, null or "" mean none. */
export function zOptionalId(field: string) {
  return zPositiveId(`${field} must be a positive whole number.`)
    .or(z.literal(''))
    .nullish()
    .transform((v) => (v === '' || v === null || v === undefined ? undefined : v));
}

/** A whole-number query parameter within [min, max], `fallback` when absent or empty. */
export function zQueryInt(name: string, fallback: number, min: number, max: number, message?: string) {
  const msg =
    message ??
    (max === Number.MAX_SAFE_INTEGER ? `${name} must be a whole number of at least ${min}.` : `${name} must be a whole number from ${min} to ${max}.`);
  return z
    .string()
    .regex(/^\d{0,16}$/, { error: msg })
    .optional()
    .transform((s) => (s ? Number(s) : fallback))
    .refine((n) => n >= min && n <= max, { error: msg })
    .meta({ description: `A whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? '' : ` to ${max}`} (default ${fallback}).` });
}

/** One of `allowed`, or undefined when absent or empty (query strings). */
export function zQueryEnum<T extends string>(name: string, allowed: readonly [T, ...T[]]) {
  return z
    .enum([...allowed, ''] as [T | '', ...(T | '')[]], { error: `${name} must be one of ${allowed.join(', ')}.` })
    .optional()
    .transform((v) => (v === '' ? undefined : (v as T | undefined)));
}

/** An ISO 8601 date (no offset: UTC) as a Date; the message names `field`. */
export function zIsoDate(field: string) {
  return z
    .string({ error: `${/expir/.test(field) ? 'The expiration' : `"${field}"`} must be an ISO 8601 date such as 2027-01-31 or 2027-01-31T10:00:00Z.` })
    .transform((s, ctx) => {
      try {
        return parseExpiration(s, field);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    })
    .meta({ description: 'ISO 8601 (2027-01-31 or 2027-01-31T10:00:00Z); without an offset, UTC.' });
}

/** An optional ISO 8601 date in a query string: absent or empty is none. */
export function zQueryDate(field: string) {
  return z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (!s) return undefined;
      try {
        return parseExpiration(s, field);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    })
    .meta({ description: 'ISO 8601 (2027-01-31 or 2027-01-31T10:00:00Z); without an offset, UTC.' });
}

/** Every answer that is not a success: { error: { code, message, details?, doc_url } }. */
export const ZErrorBody = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...(keyof typeof ERROR_STATUS)[]]),
      message: z.string(),
      details: z.record(z.string(), z.unknown()).optional(),
      doc_url: z.string().meta({
        description: `Where the code is explained: ${ERROR_DOCS_PATH} in Sling's documentation, at the code's anchor.`,
        example: `${ERROR_DOCS_PATH}#invalid_request`,
      }),
    }),
  })
  .meta({ id: 'Error' });

/** An ISO 8601 timestamp as the API writes it. */
export const ZTimestamp = z.string().meta({ format: 'date-time' });
