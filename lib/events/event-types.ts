// The events Sling records (docs/guide/webhooks.md): each one a webhook or channel can subscribe to.
// Here, below the webhooks that deliver them, so recording an event never imports delivery.
export const EVENT_TYPES = [
  'link.created',
  'link.updated',
  'link.deleted',
  'link.clicked',
  'link.expired',
  'link.held',
  'link.milestone',
  'domain.verified',
  'domain.misconfigured',
  'workspace.weekly_summary',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
