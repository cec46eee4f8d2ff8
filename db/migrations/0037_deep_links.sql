ALTER TABLE "domains" ADD COLUMN "apple_app_site_association" jsonb;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "asset_links" jsonb;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "ios_url" text;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "ios_fallback_url" text;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "android_url" text;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "android_fallback_url" text;