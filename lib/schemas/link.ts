// Tags and the archive flag of links as the JSON APIs take them. Tags are stored as a text[] column
// on the link rather than in a tags table with link_tags: a link carries at most 10, they are read
// with the row (the list shows them without a join), a GIN index answers "links tagged x", and a
// workspace's tag list is the distinct values of its links — there is nothing else to a tag (no
// colour, no description) that would need a row of its own.
import { z } from 'zod';
import { invalidField } from '../http/errors';

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

export const ZArchived = z.boolean({ error: 'archived must be true or false' });

/** The link's tags from a request body, normalised and without repeats; a 400 naming `tags` otherwise. */
export function parseTags(value: unknown): string[] {
  const parsed = ZTags.safeParse(value);
  if (!parsed.success) throw invalidField('tags', `Invalid tags: ${parsed.error.issues[0]?.message ?? 'not a list of names'}.`);
  return parsed.data;
}

export function parseArchived(value: unknown): boolean {
  const parsed = ZArchived.safeParse(value);
  if (!parsed.success) throw invalidField('archived', 'archived must be true or false.');
  return parsed.data;
}

/** ?tag= on lists and statistics: one tag, normalised (an unknown tag simply matches nothing). */
export function parseTagParam(value: string | null, field = 'tag'): string | undefined {
  if (value === null || value === '') return undefined;
  const parsed = ZTag.safeParse(value);
  if (!parsed.success) throw invalidField(field, `The ${field} filter: ${parsed.error.issues[0]?.message ?? 'is invalid'}.`);
  return parsed.data;
}

// ── Notes, UTM parameters and safe renames (link power features) ─────────────────────────────────
// A note is the owner's free text about a link (`note`; Dub calls it `comments`); UTM values are
// written into the destination's query (lib/links/utm.ts); `free_old_code` gives up the code a
// rename leaves instead of keeping it as a redirect.

export const MAX_NOTE_LENGTH = 2000;
export const MAX_UTM_LENGTH = 200;

export const ZNote = z
  .string({ error: 'note must be text (or null to remove it)' })
  .transform((s) => s.normalize('NFC').trim())
  .pipe(z.string().max(MAX_NOTE_LENGTH, `a note is at most ${MAX_NOTE_LENGTH} characters`));

export const ZUtmValue = z
  .string({ error: 'a UTM value must be text ("" removes it)' })
  .transform((s) => s.trim())
  .pipe(z.string().max(MAX_UTM_LENGTH, `a UTM value is at most ${MAX_UTM_LENGTH} characters`));

export const ZFreeOldCode = z.boolean({ error: 'free_old_code must be true or false' });

/** The note from a body: trimmed text, null (or "") meaning none; a 400 naming `note` otherwise. */
export function parseNote(value: unknown): string | null {
  if (value === null) return null;
  const parsed = ZNote.safeParse(value);
  if (!parsed.success) throw invalidField('note', `Invalid note: ${parsed.error.issues[0]?.message ?? 'not text'}.`);
  return parsed.data === '' ? null : parsed.data;
}

/** The utm_* keys present in a body, each trimmed ("" or null: remove); a 400 naming the key otherwise. */
export function parseUtmFields(body: Record<string, unknown>, keys: readonly string[]): Record<string, string> | undefined {
  const given = keys.filter((k) => body[k] !== undefined);
  if (given.length === 0) return undefined;
  return Object.fromEntries(
    given.map((k) => {
      if (body[k] === null) return [k, ''];
      const parsed = ZUtmValue.safeParse(body[k]);
      if (!parsed.success) throw invalidField(k, `Invalid ${k}: ${parsed.error.issues[0]?.message ?? 'not text'}.`);
      return [k, parsed.data];
    }),
  );
}

export function parseFreeOldCode(value: unknown): boolean {
  const parsed = ZFreeOldCode.safeParse(value);
  if (!parsed.success) throw invalidField('free_old_code', 'free_old_code must be true or false.');
  return parsed.data;
}

// The social preview's fields (preview: { title, description, image }) live beside this file.
export { parsePreview, ZLinkPreviewInput, type LinkPreviewInput, type LinkPreviewJson } from './link-preview';
