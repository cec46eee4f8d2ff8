// The body of every webhook POST: the event's id (also its webhook-id header), type, time and data
// (docs/api/webhook-events.md).
export function webhookBody(id: string, event: string, occurredAt: Date | string, data: unknown): string {
  return JSON.stringify({ id, event, timestamp: new Date(occurredAt).toISOString(), data });
}
