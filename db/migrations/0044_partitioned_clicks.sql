-- Clicks partitioned by month (docs/self-hosting/scale-out.md#partitioned-clicks). The existing table
-- becomes the new table's default partition as it is: no row moves here, so this takes a moment
-- whatever its size. A table that holds clicks is then split into monthly partitions by the
-- analytics.partitions job, one month per short transaction, newest first, while Sling runs
-- (lib/click-partitions/maintain-click-partitions.ts); an empty one gets this month's partition
-- and the next two here.
ALTER TABLE "clicks" RENAME TO "clicks_default";--> statement-breakpoint
ALTER INDEX "clicks_link_time_idx" RENAME TO "clicks_default_link_time_idx";--> statement-breakpoint
ALTER INDEX "clicks_bot_link_time_idx" RENAME TO "clicks_default_bot_link_time_idx";--> statement-breakpoint
CREATE TABLE "clicks" (
	"link_id" bigint NOT NULL,
	"clicked_at" timestamp with time zone NOT NULL,
	"referrer" text,
	"user_agent" text,
	"ip" text,
	"visitor" text,
	"country" text,
	"region" text,
	"city" text,
	"device" text,
	"browser" text,
	"os" text,
	"referrer_host" text,
	"trigger" text DEFAULT 'link' NOT NULL,
	"bot" boolean DEFAULT false NOT NULL,
	"rule_id" text,
	"variant_id" text,
	"privacy" text
) PARTITION BY RANGE ("clicked_at");--> statement-breakpoint
CREATE INDEX "clicks_link_time_idx" ON "clicks" USING btree ("link_id","clicked_at");--> statement-breakpoint
CREATE INDEX "clicks_bot_link_time_idx" ON "clicks" USING btree ("link_id","clicked_at") WHERE bot;--> statement-breakpoint
ALTER TABLE "clicks" ATTACH PARTITION "clicks_default" DEFAULT;--> statement-breakpoint
DO $$
DECLARE
  month timestamp := date_trunc('month', now() AT TIME ZONE 'UTC');
BEGIN
  IF NOT EXISTS (SELECT 1 FROM clicks_default) THEN
    FOR i IN 0..2 LOOP
      EXECUTE format('CREATE TABLE %I PARTITION OF clicks FOR VALUES FROM (%L) TO (%L)',
        'clicks_p' || to_char(month, 'YYYY_MM'), month AT TIME ZONE 'UTC', (month + interval '1 month') AT TIME ZONE 'UTC');
      month := month + interval '1 month';
    END LOOP;
  END IF;
END $$;
