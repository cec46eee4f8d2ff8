CREATE TABLE "link_aliases" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "link_aliases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"domain_id" integer NOT NULL,
	"code" text NOT NULL,
	"link_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "link_aliases" ADD CONSTRAINT "link_aliases_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_aliases" ADD CONSTRAINT "link_aliases_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "link_aliases_domain_code_key" ON "link_aliases" USING btree ("domain_id",lower("code"));--> statement-breakpoint
CREATE INDEX "link_aliases_link_idx" ON "link_aliases" USING btree ("link_id");