// When each webhook event is sent and what its data holds, beside the event list (event-types.ts):
// the source of docs/api/webhook-events.md (`npm run docs:references`). An event without an entry
// does not compile.
import type { TEST_EVENT, WebhookEvent } from './event-types';

export interface EventDoc {
  /** When Sling sends it; Markdown, one paragraph. */
  when: string;
  /** What `data` holds. */
  data: string;
}

export const WEBHOOK_EVENT_DOCS = {
  'link.created': {
    when: 'A link was made: in the dashboard, over any API (REST v1, bulk, `/api.php`, `/api`), anonymously from the home page, by `sling links create`, or by an import (one event per imported link).',
    data: 'The link as the APIs show it (the `Link` schema of the OpenAPI document).',
  },
  'link.updated': {
    when: 'A link changed: its owner edited, archived or restored it; an operator disabled it, approved it, or banned its owner (one event per link); or the safety checks blocked it or held it for review. In the last case `data` adds `reason`, the sentence visitors are shown.',
    data: 'The link as the APIs show it after the change; `reason` when the safety checks changed it.',
  },
  'link.deleted': {
    when: 'A link was deleted, one by one or in bulk, or with the custom domain it was on.',
    data: 'The link as the APIs showed it just before.',
  },
  'link.expired': {
    when: 'The expiry job (every minute) stored a link as expired: its expiration date passed, or its click limit was reached. Visitors meet the expired page from that moment on, even before the job runs.',
    data: 'The link as the APIs show it, with `reason`: `expiration` or `max_clicks`.',
  },
  'link.clicked': {
    when: "Someone followed a link or scanned its QR code, for links of workspaces that subscribed a webhook to this event. Clicks by bots send nothing. Clicks are written in batches (every second by default), so the event is recorded up to a second after the click; its `timestamp` is the click's.",
    data: '`link_id`, `short_code`, `long_url`, `trigger` (`link` or `qr`) and `visitor`: `country` (ISO code), `region`, `city`, `device`, `browser`, `os`, `referrer`, `referrer_host`, each `null` when unknown.',
  },
  'link.held': {
    when: 'The safety checks held a live link for review or blocked it: the background scan found its destination (or a hop of its redirect chain) on a threat list or Google Safe Browsing, or redirecting into a private network; or an edit gave it a destination the write-time checks find suspicious. Sent with `link.updated`, in the same transaction, once per hold. A link *created* with a suspicious destination sends only `link.created`, whose `status` is `pending_review`.',
    data: 'The link as the APIs show it after the change, with `status` (`pending_review` or `blocked`) and `reason`, the sentence visitors are shown.',
  },
  'link.milestone': {
    when: "A link's counted clicks (bots' visits are not counted) reached 100, 1,000, 10,000, 100,000 or 1,000,000. Each milestone once per link, whatever the number of servers writing clicks; a batch that crosses two sends both. Recorded with the click counts (every second or two), so its `timestamp` is when the count was written.",
    data: '`link` (`id`, `short_code`, `short_url`, `long_url`), `milestone` (the number reached) and `clicks` (the count when it was written, which may be a little past the milestone).',
  },
  'domain.verified': {
    when: "A custom domain's DNS records were found correct for the first time. Once per domain: a domain that was misconfigured and is correct again sends nothing (its owner is mailed).",
    data: '`domain` (`id`, `hostname`) and `verified_at`.',
  },
  'domain.misconfigured': {
    when: 'A check of a verified custom domain (the daily re-check, or **Check now**) found its DNS records missing or pointing elsewhere. Once per change from verified to misconfigured, in the same transaction; a lookup that failed (timeout) is not a finding. When the records are back the domain is verified again and its owner mailed, but no event is sent; a later breakage sends this event again.',
    data: '`domain` (`id`, `hostname`), `problems` (the records that make the check fail, each with `type`, `name`, `purpose` (`route` or `ownership`), `expected`, `status` (`missing` or `wrong`) and the values `seen`) and `checked_at`.',
  },
  'workspace.weekly_summary': {
    when: 'Mondays at 09:00 UTC, for each workspace with a webhook or channel subscribed to it (without a link or domain filter): the week before, Monday 00:00 to Monday 00:00 UTC. One per workspace and week, however often the job runs.',
    data: '`period` (`from`, `to`), `clicks`, `clicks_previous_week`, `new_links`, `top_links` (up to five: `id`, `short_url`, `clicks`) and `top_countries` (up to five: `country`, an ISO code, and `clicks`).',
  },
  'webhook.test': {
    when: 'Someone pressed **Send test event** (or called `POST /api/v1/webhooks/{id}/test`). It goes to that webhook only, once, without retries, and cannot be subscribed to.',
    data: '`webhook_id` and a `message`.',
  },
} satisfies Record<WebhookEvent | typeof TEST_EVENT, EventDoc>;
