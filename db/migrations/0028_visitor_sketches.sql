CREATE TABLE "visitor_sketch_days" (
	"day" date PRIMARY KEY NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitor_sketches" (
	"link_id" bigint NOT NULL,
	"workspace_id" text NOT NULL,
	"day" date NOT NULL,
	"clicks" integer NOT NULL,
	"sketch" "bytea" NOT NULL,
	CONSTRAINT "visitor_sketches_link_id_day_pk" PRIMARY KEY("link_id","day")
);
--> statement-breakpoint
ALTER TABLE "visitor_sketches" ADD CONSTRAINT "visitor_sketches_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_sketches" ADD CONSTRAINT "visitor_sketches_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visitor_sketches_workspace_idx" ON "visitor_sketches" USING btree ("workspace_id","day");