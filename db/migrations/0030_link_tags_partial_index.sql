DROP INDEX "links_tags_idx";--> statement-breakpoint
CREATE INDEX "links_tagged_idx" ON "links" USING gin ("tags") WHERE "links"."tags" <> '{}'::text[];