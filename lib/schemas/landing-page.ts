// Request body of PUT /api/v1/domains/{id}/landing: the page's three parts, each a string.
import { z } from 'zod';

const part = z.string({ error: 'must be a string' });

export const ZLandingPage = z.strictObject({
  html: part,
  css: part.optional().default(''),
  js: part.optional().default(''),
});
export type TLandingPage = z.infer<typeof ZLandingPage>;
