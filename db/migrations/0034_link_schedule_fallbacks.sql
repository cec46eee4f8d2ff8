ALTER TABLE "domains" ADD COLUMN "expired_url" text;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "expired_url" text;