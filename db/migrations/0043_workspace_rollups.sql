-- Workspace-wide hourly rollups (db/schema/workspace-rollups.ts): the per-link hourly rollups summed
-- over each workspace's links, filled here from the click_rollups already there, so an upgraded
-- instance shows the same numbers; from now on the click writer keeps both. A partial index of
-- bots' visits, which the bots summary reads instead of every click of the range. And workspace
-- sketches of unique visitors per hour and day, which the sketch job builds (the first run fills them).
CREATE TABLE "workspace_rollups" (
	"workspace_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"dim" text NOT NULL,
	"value" text NOT NULL,
	"clicks" integer NOT NULL,
	CONSTRAINT "workspace_rollups_workspace_id_dim_hour_value_pk" PRIMARY KEY("workspace_id","dim","hour","value")
);
--> statement-breakpoint
ALTER TABLE "workspace_rollups" ADD CONSTRAINT "workspace_rollups_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clicks_bot_link_time_idx" ON "clicks" USING btree ("link_id","clicked_at") WHERE bot;--> statement-breakpoint
INSERT INTO "workspace_rollups" ("workspace_id", "hour", "dim", "value", "clicks")
SELECT "workspace_id", "hour", "dim", "value", sum("clicks")::int FROM "click_rollups" GROUP BY 1, 2, 3, 4
UNION ALL
SELECT "workspace_id", date_trunc('day', "hour", 'UTC'), 'link', "link_id"::text, sum("clicks")::int FROM "click_rollups" WHERE "dim" = '' GROUP BY 1, 2, 4;
--> statement-breakpoint
CREATE TABLE "workspace_visitor_sketches" (
	"workspace_id" text NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"hours" smallint NOT NULL,
	"clicks" integer NOT NULL,
	"sketch" "bytea" NOT NULL,
	CONSTRAINT "workspace_visitor_sketches_workspace_id_hours_start_pk" PRIMARY KEY("workspace_id","hours","start")
);
--> statement-breakpoint
ALTER TABLE "workspace_visitor_sketches" ADD CONSTRAINT "workspace_visitor_sketches_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;