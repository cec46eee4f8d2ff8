CREATE TABLE "link_conversions" (
	"link_id" bigint NOT NULL,
	"variant_id" text NOT NULL,
	"conversions" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "link_conversions_link_id_variant_id_pk" PRIMARY KEY("link_id","variant_id")
);
--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "ab_test" jsonb;--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "variant_id" text;--> statement-breakpoint
ALTER TABLE "link_conversions" ADD CONSTRAINT "link_conversions_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE cascade ON UPDATE no action;