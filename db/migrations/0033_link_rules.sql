ALTER TABLE "links" ADD COLUMN "rules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "rule_id" text;