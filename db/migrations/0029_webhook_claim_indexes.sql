DROP INDEX "webhook_deliveries_due";--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_by_webhook" ON "webhook_deliveries" USING btree ("webhook_id","next_attempt_at","event_seq") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("event_id");