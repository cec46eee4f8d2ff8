ALTER TABLE "links" ADD COLUMN "bot_clicks" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "count_bots" boolean DEFAULT false NOT NULL;