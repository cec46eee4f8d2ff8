ALTER TABLE "domains" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "verification_token" text;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "workspace_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "not_found_url" text;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "root_redirect_url" text;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "last_check" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "domains_one_workspace_default" ON "domains" USING btree ("workspace_id") WHERE "domains"."workspace_default";--> statement-breakpoint
CREATE INDEX "domains_next_check_idx" ON "domains" USING btree ("next_check_at") WHERE "domains"."status" = 'pending';--> statement-breakpoint
-- Domains that existed before verification did answer already: they stay verified (and keep
-- answering); each custom one gets a token so its records can be checked again later.
UPDATE "domains" SET "status" = 'verified', "verified_at" = "created_at",
  "verification_token" = CASE WHEN "is_default" THEN NULL ELSE md5(random()::text || "id"::text) END;
