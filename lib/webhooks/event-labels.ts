// What each event is called where people choose them (the webhook and channel forms).
import type { WebhookEvent } from './event-types';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'link.created': 'Link created',
  'link.updated': 'Link updated',
  'link.deleted': 'Link deleted',
  'link.clicked': 'Link clicked',
  'link.expired': 'Link expired',
  'link.held': 'Link held by safety checks',
  'link.milestone': 'Click milestones (100, 1,000, 10,000…)',
  'domain.verified': 'Domain verified',
  'domain.misconfigured': 'Domain misconfigured',
  'workspace.weekly_summary': 'Weekly summary',
};
