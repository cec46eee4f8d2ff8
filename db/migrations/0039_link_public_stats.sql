ALTER TABLE "links" ADD COLUMN "public_stats" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "public_stats_password_hash" text;