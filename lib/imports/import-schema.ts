// Bulk import and bulk create (issue 19, point 4): the upload's parameters, the status answer, and
// the body of POST /api/v1/links/bulk (parsed by the operations of lib/openapi/operations/imports.ts).
import { z } from 'zod';
import { AppError } from '../core/errors';

export const IMPORT_FORMATS = ['csv', 'bitly', 'yourls', 'kutt'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** The largest upload taken (413 beyond). */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
/** Multipart framing allowed around the file. */
export const MULTIPART_FRAMING_BYTES = 64 * 1024;

export function importTooLarge(): AppError {
  return new AppError('payload_too_large', `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB; split it into several imports.`, {
    limit_bytes: MAX_IMPORT_BYTES,
  });
}
/** Links per POST /api/v1/links/bulk. */
export const MAX_BULK_CREATE = 100;

/** ?format= or the multipart field `format`: one of the formats, or auto/absent (detected from the file). */
export const ZImportFormat = z
  .union([z.enum(IMPORT_FORMATS), z.literal('auto'), z.literal('')], { error: `must be one of ${IMPORT_FORMATS.join(', ')} or auto` })
  .optional()
  .transform((f) => (f === 'auto' || f === '' ? undefined : f));

/** ?format=&filename= (a multipart upload's fields count as these; its file's name is the filename). */
export const ZImportParams = z.strictObject({
  format: ZImportFormat.meta({ description: `${IMPORT_FORMATS.join(', ')} or auto (detected from the file; the default).` }),
  filename: z.string({ error: 'must be text' }).max(255, { error: 'must be at most 255 characters' }).optional(),
});
export type TImportParams = z.infer<typeof ZImportParams>;

export const ZImportId = z.string().regex(/^imp_[A-Za-z0-9_-]{10,40}$/, { error: 'is not an import id' });

export const ZImportListQuery = z.strictObject({
  limit: z.coerce
    .number({ error: 'must be a whole number from 1 to 100' })
    .int({ error: 'must be a whole number from 1 to 100' })
    .min(1, { error: 'must be a whole number from 1 to 100' })
    .max(100, { error: 'must be a whole number from 1 to 100' })
    .default(20),
});

/** One item of POST /api/v1/links/bulk: the fields of POST /api/v1/links (checked there, item by item). */
export const ZBulkItem = z.record(z.string(), z.unknown(), { error: 'each item must be a JSON object with the fields of POST /api/v1/links' });

export const ZBulkCreate = z.strictObject({
  links: z
    .array(z.unknown(), { error: `must be a list of 1 to ${MAX_BULK_CREATE} links` })
    .min(1, { error: `must be a list of 1 to ${MAX_BULK_CREATE} links` })
    .max(MAX_BULK_CREATE, { error: `must hold at most ${MAX_BULK_CREATE} links per request` }),
});

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** The answer of GET /api/v1/imports/{id} (and each item of the list). */
export const ZImportJson = z.object({
  id: z.string(),
  format: z.enum(IMPORT_FORMATS),
  filename: z.string().nullable(),
  bytes: z.number().int(),
  status: z.enum(IMPORT_STATUSES),
  error: z.string().nullable(),
  rows: z.object({
    total: z.number().int().nullable(),
    processed: z.number().int(),
    created: z.number().int(),
    skipped: z.number().int(),
    refused: z.number().int(),
  }),
  report_url: z.string(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type ImportJson = z.infer<typeof ZImportJson>;

export const ZImportIdParams = z.object({ id: z.string().meta({ description: 'The import id (imp_…).' }) });
