CREATE TABLE "workspace_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"inviter_id" text NOT NULL,
	"token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"logo" text,
	"metadata" text,
	"kind" text DEFAULT 'team' NOT NULL,
	"personal_owner_id" text,
	"plan" text DEFAULT 'free' NOT NULL,
	"limit_per_hour" integer,
	"limit_per_minute" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "links_user_created_idx";--> statement-breakpoint
DROP INDEX "events_user_seq_idx";--> statement-breakpoint
DROP INDEX "webhooks_user_idx";--> statement-breakpoint
-- Every existing row moves into its owner's personal workspace; anonymous links and the shared
-- default domain into the system workspace. Nothing is deleted but rows that pointed at nothing.
INSERT INTO "workspaces" ("id", "name", "slug", "kind", "plan") VALUES ('ws_system', 'Sling', 'system', 'system', 'free');--> statement-breakpoint
INSERT INTO "workspaces" ("id", "name", "slug", "kind", "personal_owner_id", "plan", "created_at", "updated_at")
  SELECT gen_random_uuid()::text, 'Personal', 'personal-' || substr(md5(u."id"), 1, 12), 'personal', u."id", u."plan", u."created_at", u."created_at"
  FROM "users" u;--> statement-breakpoint
INSERT INTO "workspace_members" ("id", "workspace_id", "user_id", "role", "created_at")
  SELECT gen_random_uuid()::text, w."id", w."personal_owner_id", 'owner', w."created_at" FROM "workspaces" w WHERE w."kind" = 'personal';--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "domains" d SET "workspace_id" = coalesce((SELECT w."id" FROM "workspaces" w WHERE w."personal_owner_id" = d."user_id"), 'ws_system');--> statement-breakpoint
ALTER TABLE "domains" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "links" l SET "workspace_id" = coalesce((SELECT w."id" FROM "workspaces" w WHERE w."personal_owner_id" = l."user_id"), 'ws_system');--> statement-breakpoint
ALTER TABLE "links" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "links" RENAME COLUMN "user_id" TO "created_by";--> statement-breakpoint
UPDATE "links" SET "created_by" = NULL WHERE "created_by" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = "links"."created_by");--> statement-breakpoint
ALTER TABLE "links" DROP COLUMN "organization_id";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "active_workspace_id" text;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "api_tokens" t SET "workspace_id" = (SELECT w."id" FROM "workspaces" w WHERE w."personal_owner_id" = t."user_id");--> statement-breakpoint
ALTER TABLE "api_tokens" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "scopes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "events" e SET "workspace_id" = coalesce((SELECT w."id" FROM "workspaces" w WHERE w."personal_owner_id" = e."user_id"), 'ws_system');--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN "user_id";--> statement-breakpoint
DELETE FROM "click_rollups" r WHERE NOT EXISTS (SELECT 1 FROM "links" l WHERE l."id" = r."link_id");--> statement-breakpoint
ALTER TABLE "click_rollups" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "click_rollups" r SET "workspace_id" = l."workspace_id" FROM "links" l WHERE l."id" = r."link_id";--> statement-breakpoint
ALTER TABLE "click_rollups" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
DELETE FROM "webhooks" h WHERE NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = h."user_id");--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "webhooks" h SET "workspace_id" = (SELECT w."id" FROM "workspaces" w WHERE w."personal_owner_id" = h."user_id");--> statement-breakpoint
ALTER TABLE "webhooks" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" RENAME COLUMN "user_id" TO "created_by";--> statement-breakpoint
ALTER TABLE "webhooks" ALTER COLUMN "created_by" DROP NOT NULL;--> statement-breakpoint
DELETE FROM "qr_logos" q WHERE NOT EXISTS (SELECT 1 FROM "links" l WHERE l."id" = q."link_id");--> statement-breakpoint
ALTER TABLE "qr_logos" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "qr_logos" q SET "workspace_id" = l."workspace_id" FROM "links" l WHERE l."id" = q."link_id";--> statement-breakpoint
ALTER TABLE "qr_logos" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "plan";--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_personal_owner_id_users_id_fk" FOREIGN KEY ("personal_owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invitations_token_key" ON "workspace_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "workspace_invitations_workspace_idx" ON "workspace_invitations" USING btree ("workspace_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invitations_one_pending" ON "workspace_invitations" USING btree ("workspace_id",lower("email")) WHERE "workspace_invitations"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_members_once" ON "workspace_members" USING btree ("workspace_id","user_id");--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "workspace_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_members_one_owner" ON "workspace_members" USING btree ("workspace_id") WHERE "workspace_members"."role" = 'owner';--> statement-breakpoint
CREATE UNIQUE INDEX "workspaces_slug_key" ON "workspaces" USING btree (lower("slug"));--> statement-breakpoint
CREATE UNIQUE INDEX "workspaces_personal_owner_key" ON "workspaces" USING btree ("personal_owner_id");--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "click_rollups" ADD CONSTRAINT "click_rollups_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_logos" ADD CONSTRAINT "qr_logos_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "links_workspace_created_idx" ON "links" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "api_tokens_workspace_idx" ON "api_tokens" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "events_workspace_seq_idx" ON "events" USING btree ("workspace_id","seq");--> statement-breakpoint
CREATE INDEX "click_rollups_workspace_idx" ON "click_rollups" USING btree ("workspace_id","dim","hour");--> statement-breakpoint
CREATE INDEX "webhooks_workspace_idx" ON "webhooks" USING btree ("workspace_id");
