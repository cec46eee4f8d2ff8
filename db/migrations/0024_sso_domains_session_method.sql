CREATE TABLE "sso_connection_domains" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"domain" text NOT NULL,
	"token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "sign_in_method" text;--> statement-breakpoint
ALTER TABLE "sso_connection_domains" ADD CONSTRAINT "sso_connection_domains_connection_id_sso_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."sso_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_connection_domains" ADD CONSTRAINT "sso_connection_domains_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_connection_domains_connection_idx" ON "sso_connection_domains" USING btree ("connection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_connection_domains_once" ON "sso_connection_domains" USING btree ("connection_id",lower("domain"));--> statement-breakpoint
CREATE UNIQUE INDEX "sso_connection_domains_verified_key" ON "sso_connection_domains" USING btree (lower("domain")) WHERE "sso_connection_domains"."verified_at" is not null;--> statement-breakpoint
-- Each existing connection keeps its one domain, its TXT token and whether it was proven.
INSERT INTO "sso_connection_domains" ("id", "connection_id", "workspace_id", "domain", "token", "verified_at", "created_at")
SELECT gen_random_uuid()::text, "id", "workspace_id", lower("domain"), "domain_token", "domain_verified_at", "created_at" FROM "sso_connections";
