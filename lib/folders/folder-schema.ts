// Folders as REST v1 takes and answers them (/api/v1/folders): a name is trimmed text of 1 to 60
// characters without control characters; names are unique per workspace, case-insensitively (a
// duplicate is 409 name_taken). docs/guide/folders-and-tags.md
import { z } from 'zod';
import { ZTimestamp } from '../schemas/common';

export const MAX_FOLDER_NAME = 60;

const NAME = `A folder name is 1 to ${MAX_FOLDER_NAME} characters.`;
// C0 and C1 controls, and the line and paragraph separators: a name is one line of text.
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

export const ZFolderName = z
  .string({ error: NAME })
  .transform((s) => s.normalize('NFC').trim())
  .pipe(
    z
      .string()
      .min(1, { error: NAME })
      .max(MAX_FOLDER_NAME, { error: NAME })
      .refine((s) => !CONTROL.test(s), { error: 'A folder name may not contain control characters (tabs, line breaks).' }),
  )
  .meta({ description: `1 to ${MAX_FOLDER_NAME} characters, trimmed; unique in the workspace regardless of case.`, examples: ['Spring campaign'] });

/** A folder's id: fld_ and 24 hex digits. Anything else is simply not found. */
export const ZFolderId = z.string({ error: 'folder_id must be a folder id (fld_…).' }).max(100, { error: 'folder_id must be a folder id (fld_…).' });

export const ZFolderParams = z.object({ id: ZFolderId.meta({ description: 'The folder id.', examples: ['fld_3f9a1c0b7d2e4a6f8b1c2d3e'] }) });

export const ZCreateFolder = z.strictObject({ name: ZFolderName });
export type TCreateFolder = z.output<typeof ZCreateFolder>;

export const ZUpdateFolder = z.strictObject({ name: ZFolderName });
export type TUpdateFolder = z.output<typeof ZUpdateFolder>;

const MOVE_IDS = 'ids must be a list of 1 to 500 link ids (positive whole numbers).';
export const ZMoveLinks = z.strictObject({
  ids: z
    .array(z.number({ error: MOVE_IDS }).int({ error: MOVE_IDS }).min(1, { error: MOVE_IDS }).max(Number.MAX_SAFE_INTEGER, { error: MOVE_IDS }), {
      error: MOVE_IDS,
    })
    .min(1, { error: MOVE_IDS })
    .max(500, { error: MOVE_IDS })
    .transform((ids) => [...new Set(ids)])
    .meta({ description: 'The links to file here; links of other workspaces, and for a member links it did not create, are left alone.' }),
});

export const ZFolder = z
  .object({
    id: z.string().meta({ examples: ['fld_3f9a1c0b7d2e4a6f8b1c2d3e'] }),
    name: z.string().meta({ examples: ['Spring campaign'] }),
    links: z.number().int().meta({ description: 'How many of the workspace’s links are filed in it, archived ones left out.' }),
    created_at: ZTimestamp,
  })
  .meta({ id: 'Folder' });
export type TFolder = z.infer<typeof ZFolder>;

export const ZFolderList = z.object({ folders: z.array(ZFolder) });
export const ZFolderAnswer = z.object({ folder: ZFolder });
export const ZMoveLinksAnswer = z.object({ moved: z.number().int().meta({ description: 'How many links are now filed in the folder.' }) });
