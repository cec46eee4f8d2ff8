// Tags as REST v1 takes and answers them (/api/v1/tags): a name is parsed by the links' own ZTag, so
// "Launch Week" and "launch-week" name the same tag; colours are the palette's names.
import { z } from 'zod';
import { ZTag } from '../links/link-schema';
import { TAG_COLORS } from './tag-colors';

const COLOR_MESSAGE = `The colour must be one of ${TAG_COLORS.join(', ')}.`;

export const ZTagColor = z.enum(TAG_COLORS, { error: COLOR_MESSAGE }).meta({ description: 'One of the palette\u2019s colours.', examples: ['blue'] });

export const ZTagNameParams = z.object({
  name: ZTag.meta({ description: 'The tag (any case; spaces count as hyphens).', examples: ['launch'] }),
});

export const ZUpdateTag = z
  .strictObject({
    name: ZTag.optional().meta({ description: 'A new name; an existing tag\u2019s name merges this tag into it.' }),
    color: ZTagColor.optional(),
  })
  .refine((b) => b.name !== undefined || b.color !== undefined, { message: 'Give a name, a color or both.', path: ['name'] });

/** At most this many tags merged at once (a workspace shows 200 in its list). */
export const MAX_MERGE = 50;

export const ZMergeTags = z.strictObject({
  from: z
    .array(ZTag, { error: `from must be a list of 1 to ${MAX_MERGE} tags` })
    .min(1, `from must be a list of 1 to ${MAX_MERGE} tags`)
    .max(MAX_MERGE, `from must be a list of 1 to ${MAX_MERGE} tags`)
    .meta({ description: 'The tags that go: each link carrying one carries `into` instead.' }),
  into: ZTag.meta({ description: 'The tag that stays (a new name is fine).' }),
});

export const ZTagItem = z
  .object({
    name: z.string(),
    color: ZTagColor,
    links: z.number().int().meta({ description: 'How many of the workspace\u2019s links carry it.' }),
  })
  .loose();

export const ZTagList = z.object({ tags: z.array(ZTagItem) }).loose();

export const ZTagChange = z
  .object({
    tag: ZTagItem,
    changed: z.number().int().meta({ description: 'How many links were rewritten.' }),
  })
  .loose();

export type TTagItem = z.infer<typeof ZTagItem>;
