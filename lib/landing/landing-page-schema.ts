// Request body and answer of /api/v1/domains/{id}/landing: the page's three parts, each a string.
import { z } from 'zod';
import { LANDING_PAGE_MAX_BYTES } from './landing-size';

const part = z.string({ error: 'must be a string' });

export const ZLandingPage = z.strictObject({
  html: part,
  css: part.optional().default(''),
  js: part.optional().default(''),
});
export type TLandingPage = z.infer<typeof ZLandingPage>;

/** The page as GET and PUT answer it. */
export const ZLandingPageJson = z.object({
  html: z.string().meta({ examples: ['<h1>Go links of Example Inc.</h1>'] }),
  css: z.string().meta({ examples: ['h1 { font-family: system-ui; }'] }),
  js: z.string().meta({ examples: [''] }),
  size: z
    .number()
    .int()
    .meta({ description: 'UTF-8 bytes of the three parts together.', examples: [63] }),
  limit: z
    .number()
    .int()
    .meta({ description: 'The most bytes the three parts may take.', examples: [LANDING_PAGE_MAX_BYTES] }),
  updated_at: z.string().nullable(),
});
