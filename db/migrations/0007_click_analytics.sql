CREATE TABLE "click_rollups" (
	"link_id" bigint NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"dim" text NOT NULL,
	"value" text NOT NULL,
	"clicks" integer NOT NULL,
	CONSTRAINT "click_rollups_link_id_dim_hour_value_pk" PRIMARY KEY("link_id","dim","hour","value")
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"url" text NOT NULL,
	"events" text[] DEFAULT '{}'::text[] NOT NULL,
	"link_id" bigint,
	"domain_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"secret_ciphertext" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "visitor" text;--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "browser" text;--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "os" text;--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "referrer_host" text;--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "trigger" text DEFAULT 'link' NOT NULL;--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "bot" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "webhooks_user_idx" ON "webhooks" USING btree ("user_id");