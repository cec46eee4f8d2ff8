ALTER TABLE "workspace_members" ADD COLUMN "invited_by" text;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Members who joined before this migration: the newest accepted invitation to their address in that workspace.
UPDATE "workspace_members" AS m SET "invited_by" = i."inviter_id", "invited_at" = i."created_at"
FROM (
  SELECT DISTINCT ON (inv."workspace_id", lower(inv."email")) inv."workspace_id", lower(inv."email") AS "email", inv."inviter_id", inv."created_at"
  FROM "workspace_invitations" AS inv WHERE inv."status" = 'accepted'
  ORDER BY inv."workspace_id", lower(inv."email"), inv."updated_at" DESC
) AS i, "users" AS u
WHERE u."id" = m."user_id" AND i."workspace_id" = m."workspace_id" AND i."email" = lower(u."email");
