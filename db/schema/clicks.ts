// Raw clicks, written in batches by the click writer's thread (never on the redirect path), enriched
// on the way (GeoIP, user agent, bot flag, visitor key). Deliberately lean, as every click pays for
// each index and check: no primary key, no foreign key (a click for a link deleted while it sat in
// the buffer is harmless and the retention job sweeps it; deleting a link deletes its clicks), one
// index serving per-link time ranges, and a partial one of bots' visits.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const clicks = pgTable(
  'clicks',
  {
    linkId: bigint('link_id', { mode: 'number' }).notNull(),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull(),
    referrer: text('referrer'),
    userAgent: text('user_agent'),
    /** Only with STORE_IP=true; otherwise null. */
    ip: text('ip'),
    /** Keyed hash (HMAC with SECRET_KEY) of IP + device + browser + OS: counts unique visitors. */
    visitor: text('visitor'),
    /** ISO 3166-1 alpha-2 */
    country: text('country'),
    region: text('region'),
    city: text('city'),
    /** desktop | mobile | tablet | console | smarttv | wearable | embedded */
    device: text('device'),
    browser: text('browser'),
    os: text('os'),
    referrerHost: text('referrer_host'),
    /** link | qr */
    trigger: text('trigger').notNull().default('link'),
    /** Bots, link-preview fetchers and HEAD requests: kept, but excluded from every count. */
    bot: boolean('bot').notNull().default(false),
    /** The id of the link's routing rule that picked the destination; null when none matched. */
    ruleId: text('rule_id'),
    /** The A/B test variant the visitor was sent to; null for links without a running test. */
    variantId: text('variant_id'),
    /** The privacy mode the click was recorded under: full | anonymized | none (the IP kept), or
     *  opt_out (DNT / Sec-GPC: no visitor details); null for clicks recorded before privacy modes. */
    privacy: text('privacy'),
  },
  (t) => [
    index('clicks_link_time_idx').on(t.linkId, t.clickedAt),
    // Bots' visits only (a small share): the bots summary reads them without the people's clicks.
    index('clicks_bot_link_time_idx').on(t.linkId, t.clickedAt).where(sql`bot`),
  ],
);
