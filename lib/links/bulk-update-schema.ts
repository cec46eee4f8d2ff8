// The body of POST /api/v1/links/bulk-update: up to 500 of the workspace's links and the changes to
// make to each. The changes are one object (BULK_CHANGES) so a new kind of change is one more entry.
import { z } from 'zod';
import { zPositiveId } from '../schemas/common';
import { MAX_TAGS, ZTag, ZTags } from './link-schema';
import { ZFolderId } from '../folders/folder-schema';

export const MAX_BULK_UPDATE = 500;

const BULK_IDS = `ids must be a list of 1 to ${MAX_BULK_UPDATE} link ids (positive whole numbers).`;
const ZBulkIds = z
  .array(z.number({ error: BULK_IDS }).int({ error: BULK_IDS }).min(1, { error: BULK_IDS }).max(Number.MAX_SAFE_INTEGER, { error: BULK_IDS }), {
    error: BULK_IDS,
  })
  .min(1, { error: BULK_IDS })
  .max(MAX_BULK_UPDATE, { error: BULK_IDS })
  .transform((ids) => [...new Set(ids)]);

/** Each change is optional; at least one must be sent. */
export const BULK_CHANGES = {
  archived: z.boolean({ error: 'archived must be true or false.' }).optional().meta({ description: 'true archives the links, false brings them back.' }),
  add_tags: ZTags.optional().meta({ description: `Tags added to each link (a link keeps at most ${MAX_TAGS}).` }),
  remove_tags: z
    .array(ZTag, { error: 'remove_tags must be a list of tag names.' })
    .max(MAX_TAGS * 10, { error: 'remove_tags names too many tags.' })
    .optional()
    .meta({ description: 'Tags taken off each link that has them.' }),
  domain_id: zPositiveId('domain_id must be a positive whole number.').optional().meta({
    description: 'Move the links to this verified domain of the workspace, keeping their codes; a link whose code is taken there stays where it is (`failed`).',
  }),
  folder_id: ZFolderId.nullable().optional().meta({ description: 'File the links in this folder of the workspace (GET /api/v1/folders); null unfiles them.' }),
};

const NOTHING = `Send at least one change: ${Object.keys(BULK_CHANGES).join(', ')}.`;

export const ZBulkUpdateLinks = z
  .strictObject({ ids: ZBulkIds, ...BULK_CHANGES })
  .refine((b) => Object.keys(BULK_CHANGES).some((k) => b[k as keyof typeof BULK_CHANGES] !== undefined), { error: NOTHING, path: ['body'] });
export type TBulkUpdateLinks = z.output<typeof ZBulkUpdateLinks>;

export const ZBulkUpdateAnswer = z.object({
  updated: z.number().int().meta({ description: 'How many links were changed.' }),
  failed: z
    .array(z.object({ id: z.number().int(), code: z.literal('alias_taken'), message: z.string() }))
    .meta({ description: 'Links left unchanged because their code is taken on the target domain (nothing else was changed on them either).' }),
});
