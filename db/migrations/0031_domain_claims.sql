DROP INDEX "domains_hostname_key";--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "status_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "domains_serving_hostname_key" ON "domains" USING btree (lower("hostname")) WHERE "domains"."status" IN ('verified', 'misconfigured');--> statement-breakpoint
CREATE UNIQUE INDEX "domains_workspace_hostname_key" ON "domains" USING btree ("workspace_id",lower("hostname"));--> statement-breakpoint
CREATE INDEX "domains_hostname_idx" ON "domains" USING btree (lower("hostname"));