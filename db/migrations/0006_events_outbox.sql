CREATE TABLE "events" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id" text NOT NULL,
	"type" text NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" text,
	"link_id" bigint,
	"data" jsonb NOT NULL,
	CONSTRAINT "events_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE INDEX "events_user_seq_idx" ON "events" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "events_link_seq_idx" ON "events" USING btree ("link_id","seq");--> statement-breakpoint
CREATE INDEX "links_due_expiry_idx" ON "links" USING btree ("expires_at") WHERE "links"."status" = 'active' AND "links"."expires_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "links_click_limited_idx" ON "links" USING btree ("id") WHERE "links"."status" = 'active' AND "links"."max_clicks" IS NOT NULL;