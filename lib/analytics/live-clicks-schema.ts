// GET /api/v1/analytics/live: the stream's filters and the click events it sends (docs/guide/live-clicks.md).
import { z } from 'zod';
import { ZTag } from '../links/link-schema';
import { zOptionalId } from '../schemas/common';

const lastEventId = z
  .string()
  .regex(/^\d{0,15}$/, { error: 'must be the id of an event this stream sent.' })
  .optional()
  .transform((v) => (v ? Number(v) : undefined))
  .meta({ description: 'Resume after this event (what the Last-Event-ID header says; the header wins). Events of the last 10 minutes are kept.' });

export const ZLiveClicksQuery = z
  .object({
    link_id: zOptionalId('link_id').meta({ description: 'Only this link’s clicks.' }),
    tag: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === '') return undefined;
        const parsed = ZTag.safeParse(v);
        if (parsed.success) return parsed.data;
        ctx.addIssue({ code: 'custom', message: `The tag filter: ${parsed.error.issues[0]?.message ?? 'is invalid'}.` });
        return z.NEVER;
      })
      .meta({ description: 'Only the clicks of links with this tag.' }),
    domain_id: zOptionalId('domain_id').meta({ description: 'Only the clicks of links on this domain.' }),
    last_event_id: lastEventId,
  })
  .transform((q) => ({ linkId: q.link_id, tag: q.tag, domainId: q.domain_id, lastEventId: q.last_event_id }));

export type TLiveClicksQuery = z.output<typeof ZLiveClicksQuery>;

/** The Last-Event-ID header, parsed as the query's last_event_id is. */
export const ZLastEventId = lastEventId;

/** One `event: click`'s data. Never the address, the user agent or the visitor key. */
export const ZLiveClick = z.object({
  time: z.string().meta({ description: 'When the click happened (ISO 8601).' }),
  link: z.object({ id: z.number().int(), short_code: z.string(), domain: z.string(), short_url: z.string() }),
  country: z.string().nullable().meta({ description: 'ISO 3166-1 alpha-2.' }),
  region: z.string().nullable(),
  city: z.string().nullable(),
  device: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  referrer_host: z.string().nullable(),
  trigger: z.enum(['link', 'qr']),
  rule_id: z.string().nullable().meta({ description: 'The routing rule that picked the destination.' }),
  variant_id: z.string().nullable().meta({ description: 'The A/B test variant the visitor was sent to.' }),
  bot: z.boolean().meta({ description: 'A bot, a link preview or a HEAD request: shown, never counted in the statistics.' }),
});

export type TLiveClick = z.output<typeof ZLiveClick>;
