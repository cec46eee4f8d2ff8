// The body of POST /api/v1/shorten (the home page's shortener, without an account). The URL is
// checked like any link's (createLink); an alias is refused (403: sign in to choose one).
import { z } from 'zod';

export const ZShorten = z.object({
  url: z
    .string({ error: 'A destination URL is required.' })
    .meta({ description: 'The destination, http:// or https://.', example: 'https://example.com/page' }),
  alias: z.unknown().optional().meta({ description: 'Not without an account: any alias is refused (403).' }),
  altcha: z.unknown().optional().meta({ description: 'The ALTCHA solution (GET /api/v1/altcha/challenge), when the instance asks for one.' }),
});
export type TShorten = z.infer<typeof ZShorten>;
