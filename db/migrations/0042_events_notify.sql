-- Wakes the webhook dispatchers when events are recorded (lib/webhooks/dispatcher.ts), instead of their
-- polling for them: a statement that inserts at least one event sends one notification on
-- `sling_events`, delivered when its transaction commits (never for a rolled-back one). Every kind of
-- writer is covered (the API, the click writer's thread, imports, jobs), on PostgreSQL and PGlite.
CREATE OR REPLACE FUNCTION sling_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM inserted) THEN
    PERFORM pg_notify('sling_events', '');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER events_notify AFTER INSERT ON events REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION sling_events_notify();
