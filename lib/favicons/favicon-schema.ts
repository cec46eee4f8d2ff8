// Path parameter of GET /api/v1/favicons/{host} and the answers of /api/v1/domains/{id}/favicon.
import { z } from 'zod';
import { ZTimestamp } from '../schemas/common';

const HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;
const HOST_MESSAGE = 'The host must be a domain name or an address, with an optional port.';

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text; // a malformed escape stays as it is, and fails the shape check (a 400, not a 500)
  }
}

export const ZFaviconHostParams = z.object({
  host: z
    .string()
    .transform((h) => safeDecode(h).toLowerCase())
    .pipe(z.string().max(260, { error: HOST_MESSAGE }).regex(HOST, { error: HOST_MESSAGE }))
    .meta({ description: 'A host the workspace’s links go to, or a referrer host of its clicks (with an optional port).' }),
});

export const ZDomainFavicon = z.object({
  favicon: z.object({ content_type: z.literal('image/png'), size: z.number().int(), updated_at: ZTimestamp }),
  domain_id: z.number().int(),
});
