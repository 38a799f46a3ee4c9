-- Email Marketing and News (ADR 0023): saved segments, campaigns with one row per recipient (the send's
-- queue, resumable and idempotent per recipient), the merchants who unsubscribed, and news posts.
CREATE TABLE "marketing_segments" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"definition" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by_staff_id" integer NOT NULL,
	"created_on" timestamp with time zone NOT NULL,
	"updated_on" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"preheader" text DEFAULT '' NOT NULL,
	"body_html" text NOT NULL,
	"segment_id" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by_staff_id" integer NOT NULL,
	"created_on" timestamp with time zone NOT NULL,
	"updated_on" timestamp with time zone NOT NULL,
	"started_on" timestamp with time zone,
	"finished_on" timestamp with time zone,
	CONSTRAINT "marketing_campaigns_status_check" CHECK ("status" in ('draft', 'sending', 'sent', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "marketing_recipients" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"email" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"unsubscribe_token" text NOT NULL,
	"updated_on" timestamp with time zone NOT NULL,
	"sent_on" timestamp with time zone,
	CONSTRAINT "marketing_recipients_state_check" CHECK ("state" in ('queued', 'sending', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "marketing_unsubscribes" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"unsubscribed_on" timestamp with time zone NOT NULL,
	"campaign_id" integer
);
--> statement-breakpoint
CREATE TABLE "news_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body_html" text NOT NULL,
	"youtube_url" text,
	"published" boolean DEFAULT false NOT NULL,
	"published_on" timestamp with time zone,
	"published_by_staff_id" integer,
	"created_by_staff_id" integer NOT NULL,
	"created_on" timestamp with time zone NOT NULL,
	"updated_on" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketing_segments" ADD CONSTRAINT "marketing_segments_created_by_staff_id_staff_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_campaigns" ADD CONSTRAINT "marketing_campaigns_segment_id_marketing_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."marketing_segments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_campaigns" ADD CONSTRAINT "marketing_campaigns_created_by_staff_id_staff_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_recipients" ADD CONSTRAINT "marketing_recipients_campaign_id_marketing_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."marketing_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_recipients" ADD CONSTRAINT "marketing_recipients_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_unsubscribes" ADD CONSTRAINT "marketing_unsubscribes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_unsubscribes" ADD CONSTRAINT "marketing_unsubscribes_campaign_id_marketing_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."marketing_campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_posts" ADD CONSTRAINT "news_posts_published_by_staff_id_staff_id_fk" FOREIGN KEY ("published_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_posts" ADD CONSTRAINT "news_posts_created_by_staff_id_staff_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_segments_name_idx" ON "marketing_segments" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "marketing_campaigns_updated_idx" ON "marketing_campaigns" USING btree ("updated_on","id");--> statement-breakpoint
CREATE INDEX "marketing_campaigns_sending_idx" ON "marketing_campaigns" USING btree ("id") WHERE "marketing_campaigns"."status" = 'sending';--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_recipients_campaign_merchant_idx" ON "marketing_recipients" USING btree ("campaign_id","merchant_id");--> statement-breakpoint
-- A page of one state, the per-state counts and the runner's next batch are ranges of this index.
CREATE INDEX "marketing_recipients_campaign_state_idx" ON "marketing_recipients" USING btree ("campaign_id","state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_recipients_token_idx" ON "marketing_recipients" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "news_posts_created_idx" ON "news_posts" USING btree ("created_on","id");--> statement-breakpoint
CREATE INDEX "news_posts_published_idx" ON "news_posts" USING btree ("published","created_on","id");
