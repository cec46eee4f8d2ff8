// The public stats page's API shapes: its path, the unlock body and the statistics it answers (the
// link's, without the owner's routing rules, A/B destinations, destination's UTM values or workspace).
import { z } from 'zod';
import { ZStats } from './stats-schema';

export const ZPublicStatsParams = z.object({
  code: z
    .string()
    .max(200)
    .meta({ description: 'The link’s short code.', examples: ['spring-sale'] }),
});

export const ZPublicStatsUnlock = z.strictObject({
  password: z.string({ error: 'The password is required.' }).max(128, { error: 'The password is at most 128 characters.' }),
  domain: z
    .number({ error: 'domain must be a domain id.' })
    .int()
    .positive()
    .optional()
    .meta({ description: 'The link’s domain id, for a link on a custom domain.' }),
});

export const ZPublicStats = ZStats.omit({ variants: true, links: true, workspace: true, utm_source: true, utm_medium: true, utm_campaign: true }).meta({
  id: 'PublicStats',
  description: 'A link’s statistics as its public page shows them: no visitor, no IP, no routing rules (always []), no UTM values of its destination.',
});
