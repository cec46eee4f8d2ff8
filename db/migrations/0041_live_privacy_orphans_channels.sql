CREATE TABLE "live_click_batches" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_click_batches_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"workspace_id" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"clicks" integer NOT NULL,
	"events" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orphan_visit_counts" (
	"domain_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"path" text NOT NULL,
	"visits" integer NOT NULL,
	CONSTRAINT "orphan_visit_counts_domain_id_day_kind_path_pk" PRIMARY KEY("domain_id","day","kind","path")
);
--> statement-breakpoint
CREATE TABLE "orphan_visits" (
	"domain_id" integer NOT NULL,
	"visited_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"path" text NOT NULL,
	"referrer" text,
	"user_agent" text,
	"country" text,
	"device" text,
	"browser" text,
	"bot" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "privacy_ip" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "privacy_user_agent" boolean;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "privacy_referrer" boolean;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "privacy_honor_opt_out" boolean;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "privacy_excluded_ranges" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "click_retention_days" integer;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "log_orphan_visits" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "live_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "privacy" text;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "kind" text DEFAULT 'webhook' NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "target_ciphertext" text;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "chat_id" text;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "orphan_visit_counts" ADD CONSTRAINT "orphan_visit_counts_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orphan_visits" ADD CONSTRAINT "orphan_visits_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_click_batches_workspace_seq_idx" ON "live_click_batches" USING btree ("workspace_id","seq");--> statement-breakpoint
CREATE INDEX "live_click_batches_recorded_idx" ON "live_click_batches" USING btree ("recorded_at");--> statement-breakpoint
CREATE INDEX "orphan_visits_domain_time_idx" ON "orphan_visits" USING btree ("domain_id","visited_at");