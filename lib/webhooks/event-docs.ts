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
  'domain.verified': {
    when: "A custom domain's DNS records were found correct for the first time. Once per domain: a domain that was misconfigured and is correct again sends nothing.",
    data: '`domain` (`id`, `hostname`) and `verified_at`.',
  },
  'webhook.test': {
    when: 'Someone pressed **Send test event** (or called `POST /api/v1/webhooks/{id}/test`). It goes to that webhook only, once, without retries, and cannot be subscribed to.',
    data: '`webhook_id` and a `message`.',
  },
} satisfies Record<WebhookEvent | typeof TEST_EVENT, EventDoc>;
