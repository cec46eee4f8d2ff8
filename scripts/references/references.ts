// The references generated from the code, each a committed file and the function that renders it
// (tests/unit/generated-references.test.ts fails when one is stale).
import { CONFIGURATION_REFERENCE_PATH, renderConfigurationReference } from './configuration-reference';
import { ERROR_REFERENCE_PATH, renderErrorReference } from './error-reference';
import { renderWebhookEventsReference, WEBHOOK_EVENTS_REFERENCE_PATH } from './webhook-events-reference';

export interface Reference {
  /** Path from the repository root. */
  path: string;
  render: () => string;
}

export const REFERENCES: readonly Reference[] = [
  { path: CONFIGURATION_REFERENCE_PATH, render: renderConfigurationReference },
  { path: ERROR_REFERENCE_PATH, render: renderErrorReference },
  { path: WEBHOOK_EVENTS_REFERENCE_PATH, render: renderWebhookEventsReference },
];
