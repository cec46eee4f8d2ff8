// A link's social preview as the JSON APIs take it: `preview: { title, description?, image? }` on
// POST /api/v1/links and PATCH /api/v1/links/{id}; `preview: null` removes it. `image` is an https
// URL, or null for none (an uploaded image goes to PUT /api/v1/links/{id}/preview/image instead and
// is kept when a PATCH leaves `image` out). Without an image, bots get a generated 1200×630 card.
import { z } from 'zod';
import { invalidField } from '../core/errors';

export const MAX_PREVIEW_TITLE = 120;
export const MAX_PREVIEW_DESCRIPTION = 300;
export const MAX_PREVIEW_IMAGE_URL = 2000;

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .transform((s) => s.normalize('NFC').replace(/\s+/g, ' ').trim())
    .pipe(z.string().max(max, `${field} must be at most ${max} characters`));

const ZImageUrl = z
  .string({ error: 'image must be an https URL' })
  .trim()
  .max(MAX_PREVIEW_IMAGE_URL, `image must be at most ${MAX_PREVIEW_IMAGE_URL} characters`)
  .refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === 'https:' && u.hostname !== '' && u.username === '' && u.password === '';
    } catch {
      return false;
    }
  }, 'image must be an https URL (or null, or an uploaded image)');

export const ZLinkPreviewInput = z.strictObject(
  {
    title: text('title', MAX_PREVIEW_TITLE).pipe(z.string().min(1, 'a social preview needs a title')),
    description: text('description', MAX_PREVIEW_DESCRIPTION).nullish(),
    image: ZImageUrl.nullish(),
  },
  { error: 'preview must be an object with title, description and image (or null to remove it)' },
);

/** undefined: leave the image as it is; null: no image (and any upload removed); a string: that URL. */
export type LinkPreviewInput = { title: string; description: string | null; image: string | null | undefined };

/** `preview` from a request body: undefined (absent), null (remove), or the checked fields; a 400 naming `preview.<field>` otherwise. */
export function parsePreview(value: unknown): LinkPreviewInput | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const parsed = ZLinkPreviewInput.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = ['preview', ...(issue?.path ?? [])].join('.');
    throw invalidField(field, `Invalid ${field}: ${issue?.message ?? 'not a preview'}.`);
  }
  const { title, description, image } = parsed.data;
  return { title, description: description || null, image };
}

/** The preview as every link answer carries it (null when the link has none). */
export interface LinkPreviewJson {
  title: string;
  description: string | null;
  /** The https URL given, the uploaded image's public address, or null (a generated card). */
  image: string | null;
  image_source: 'url' | 'upload' | 'generated';
  /** What bots get as og:image: `image`, or the generated card's public address. */
  image_url: string;
}

/** LinkPreviewJson as a schema (the answer of PUT /api/v1/links/{id}/preview/image). */
export const ZLinkPreviewJson = z.object({
  title: z.string(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  image_source: z.enum(['url', 'upload', 'generated']),
  image_url: z.string(),
});
