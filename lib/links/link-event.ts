// The outbox event for a change to a link: its data is the link in the public API shape.
import type { LinkRow } from '../../db/schema';
import { serializeLink, type LinkDomains } from './serialize-link';
import type { EventType, NewEvent } from '../events/record-event';

export function linkEvent(type: EventType, link: LinkRow, domains: LinkDomains, extra: object = {}): NewEvent {
  return { type, workspaceId: link.workspaceId, linkId: link.id, data: { ...serializeLink(link, domains), ...extra } };
}
