// The channel the database notifies when events are recorded (db/migrations/0042_events_notify.sql):
// webhook workers listen on it (server.ts), and the API notifies it for changes that record no event.
export const EVENTS_CHANNEL = 'sling_events';
