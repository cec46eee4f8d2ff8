// Request body and answer of /api/v1/domains/{id}/landing: the page's three parts, each a string.
import { z } from 'zod';

const part = z.string({ error: 'must be a string' });

export const ZLandingPage = z.strictObject({
  html: part,
  css: part.optional().default(''),
  js: part.optional().default(''),
});
export type TLandingPage = z.infer<typeof ZLandingPage>;

/** The page as GET and PUT answer it. */
export const ZLandingPageJson = z.object({
  html: z.string(),
  css: z.string(),
  js: z.string(),
  size: z.number().int().meta({ description: 'UTF-8 bytes of the three parts together.' }),
  limit: z.number().int(),
  updated_at: z.string().nullable(),
});
