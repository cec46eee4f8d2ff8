// docs/api/webhook-events.md from the event list (lib/webhooks/event-types.ts) and its documentation
// (lib/webhooks/event-docs.ts), with an example body per event. Link payloads come from the real
// serializer with fixed values, so the page changes only when the code does.
import type { LinkRow } from '../../db/schema';
import type { Domain } from '../../lib/domains/domain-registry';
import { domainMisconfiguredData, domainVerifiedData } from '../../lib/domains/verify-domain';
import { linkEvent } from '../../lib/links/link-event';
import type { LinkDomains } from '../../lib/links/serialize-link';
import { TEST_EVENT, WEBHOOK_EVENTS } from '../../lib/webhooks/event-types';
import { WEBHOOK_EVENT_DOCS } from '../../lib/webhooks/event-docs';
import { webhookBody } from '../../lib/webhooks/webhook-body';
import { generatedNotice, jsonBlock } from './markdown';

export const WEBHOOK_EVENTS_REFERENCE_PATH = 'docs/api/webhook-events.md';

type EventName = keyof typeof WEBHOOK_EVENT_DOCS;

export function renderWebhookEventsReference(): string {
  const events: EventName[] = [...WEBHOOK_EVENTS, TEST_EVENT];
  const out = [
    generatedNotice(['lib/webhooks/event-types.ts', 'lib/webhooks/event-docs.ts']),
    '',
    '# Webhook events',
    '',
    "Each POST to a webhook carries one event as `{id, event, timestamp, data}`: `id` is the event's id",
    '(also sent as the `webhook-id` header: deduplicate by it), `event` its type, `timestamp` when it',
    'happened (ISO 8601, UTC), `data` what the sections below describe. How to register an endpoint, verify',
    'signatures and what delivery guarantees hold is in the [webhooks guide](../guide/webhooks.md).',
    '',
    '| event | sent when |',
    '|---|---|',
    ...events.map((e) => `| [\`${e}\`](#${anchor(e)}) | ${firstSentence(WEBHOOK_EVENT_DOCS[e].when)} |`),
  ];
  for (const e of events) {
    const doc = WEBHOOK_EVENT_DOCS[e];
    if (!doc) throw new Error(`${e} has no entry in lib/webhooks/event-docs.ts`);
    out.push('', `## \`${e}\``, '', doc.when, '', `**Data:** ${doc.data}`, '', jsonBlock(JSON.parse(examples[e]())));
  }
  return out.join('\n') + '\n';
}

const AT = new Date('2027-03-01T09:30:00.000Z');
const LATER = new Date('2027-03-02T14:05:00.000Z');

const sharedDomain: Domain = { id: 1, hostname: 'sl.example', isDefault: true, workspaceId: 'ws_system', status: 'verified', workspaceDefault: false };
const domains: LinkDomains = {
  defaultDomain: sharedDomain,
  byId: (id) => (id === sharedDomain.id ? sharedDomain : undefined),
  shortUrl: (_domain, code) => `https://sl.example/${code}`,
};

const link: LinkRow = {
  id: 42,
  domainId: 1,
  shortCode: 'spring-sale',
  folderId: null,
  longUrl: 'https://shop.example.com/sale?utm_source=newsletter&utm_campaign=spring',
  workspaceId: 'ws_example',
  createdBy: '5f0c8a4e-2b1d-4c7e-9a3f-6d2e1b8c7a90',
  passwordHash: null,
  expiresAt: null,
  status: 'active',
  disabledReason: null,
  safetyReason: null,
  redirectStatus: 302,
  maxClicks: null,
  clicks: 0,
  botClicks: 0,
  countBots: false,
  forwardQuery: true,
  publicStats: false,
  publicStatsPasswordHash: null,
  rules: [],
  abTest: null,
  iosUrl: null,
  iosFallbackUrl: null,
  androidUrl: null,
  androidFallbackUrl: null,
  startsAt: null,
  expiredUrl: null,
  tags: ['newsletter'],
  archivedAt: null,
  note: null,
  createdAt: AT,
  updatedAt: AT,
};
const updated: LinkRow = {
  ...link,
  longUrl: 'https://shop.example.com/sale/spring?utm_source=newsletter&utm_campaign=spring',
  clicks: 318,
  tags: ['newsletter', 'spring'],
  updatedAt: LATER,
};
const HELD_REASON = 'The destination redirects into a private network, which is refused: 10.0.0.7 is a private address.';
const held: LinkRow = { ...updated, status: 'pending_review', safetyReason: HELD_REASON, updatedAt: LATER };
const expired: LinkRow = { ...updated, status: 'expired', expiresAt: LATER, updatedAt: LATER };

const body = (n: number, event: string, at: Date, data: unknown) => webhookBody(`evt_${String(n).repeat(32).slice(0, 32)}`, event, at, data);

const examples: Record<EventName, () => string> = {
  'link.created': () => body(1, 'link.created', AT, linkEvent('link.created', link, domains).data),
  'link.updated': () => body(2, 'link.updated', LATER, linkEvent('link.updated', updated, domains).data),
  'link.deleted': () => body(3, 'link.deleted', LATER, linkEvent('link.deleted', updated, domains).data),
  // Built in SQL by lib/edge/write-clicks.ts (EVENTS).
  'link.clicked': () =>
    body(4, 'link.clicked', LATER, {
      link_id: link.id,
      short_code: link.shortCode,
      long_url: updated.longUrl,
      trigger: 'qr',
      visitor: {
        country: 'US',
        region: 'California',
        city: 'San Francisco',
        device: 'mobile',
        browser: 'Mobile Safari',
        os: 'iOS',
        referrer: 'https://news.ycombinator.com/item?id=1',
        referrer_host: 'news.ycombinator.com',
      },
    }),
  'link.expired': () => body(5, 'link.expired', LATER, linkEvent('link.expired', expired, domains, { reason: 'expiration' }).data),
  'link.held': () => body(8, 'link.held', LATER, linkEvent('link.held', held, domains, { reason: HELD_REASON, status: 'pending_review' }).data),
  // Built in SQL by lib/edge/click-tallies.ts, with the click counts.
  'link.milestone': () =>
    body(9, 'link.milestone', LATER, {
      link: { id: link.id, short_code: link.shortCode, short_url: 'https://sl.example/spring-sale', long_url: updated.longUrl },
      milestone: 1000,
      clicks: 1003,
    }),
  'domain.verified': () => body(6, 'domain.verified', LATER, domainVerifiedData({ id: 7, hostname: 'go.acme.example' }, LATER)),
  'domain.misconfigured': () =>
    body(
      10,
      'domain.misconfigured',
      LATER,
      domainMisconfiguredData(
        { id: 7, hostname: 'go.acme.example' },
        [
          { type: 'CNAME', name: 'go.acme.example', label: 'go', value: 'sl.example', purpose: 'route', status: 'wrong', seen: ['acme.netlify.app'] },
          {
            type: 'TXT',
            name: '_sling.go.acme.example',
            label: '_sling.go',
            value: 'sling-verify=3f9a1c7e',
            purpose: 'ownership',
            status: 'found',
            seen: ['sling-verify=3f9a1c7e'],
          },
        ],
        LATER,
      ),
    ),
  'workspace.weekly_summary': () =>
    body(11, 'workspace.weekly_summary', new Date('2027-03-08T09:00:00.000Z'), {
      workspace: { id: 'ws_example', name: 'Acme' },
      period: { from: '2027-03-01T00:00:00.000Z', to: '2027-03-08T00:00:00.000Z' },
      clicks: 1840,
      clicks_previous_week: 1512,
      new_links: 6,
      top_links: [
        { id: 42, short_url: 'https://sl.example/spring-sale', clicks: 1203 },
        { id: 57, short_url: 'https://sl.example/launch', clicks: 388 },
      ],
      top_countries: [
        { country: 'US', clicks: 804 },
        { country: 'DE', clicks: 311 },
        { country: 'GB', clicks: 190 },
      ],
    }),
  // Built in SQL by lib/webhooks/delivery-log.ts (sendTestEvent).
  'webhook.test': () => body(7, TEST_EVENT, LATER, { webhook_id: 'wh_3f9a1c7e5b2d8f4a6c0e1b3d', message: 'This is a test event from Sling.' }),
};

function firstSentence(text: string): string {
  const end = text.search(/\.(\s|$)/);
  return end === -1 ? text : text.slice(0, end + 1);
}

/** GitHub's anchor for a heading that is only this code span. */
function anchor(event: string): string {
  return event.replace(/\./g, '');
}
