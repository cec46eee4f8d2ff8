CREATE TABLE "link_scans" (
	"link_id" bigint PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"status" text NOT NULL,
	"final_url" text,
	"http_status" integer,
	"title" text,
	"hops" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"detail" text,
	"duration_ms" integer NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "link_scans" ADD CONSTRAINT "link_scans_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE cascade ON UPDATE no action;