-- Transaction Scheduling and the Tasks Audit (ADR 0031): per-merchant rules that move money on a schedule,
-- their versions, and one task row per execution. A coin's minimum payout lives on alt_coins.
ALTER TABLE "alt_coins" ADD COLUMN "min_payout" numeric(30, 8) DEFAULT '0' NOT NULL;--> statement-breakpoint
UPDATE "alt_coins" SET "min_payout" = '0.00050000' WHERE "id" = 1;--> statement-breakpoint
CREATE TABLE "transaction_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"merchant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"alt_coin_id" integer NOT NULL,
	"frequency" text NOT NULL,
	"time_of_day" text,
	"weekday" smallint,
	"month_day" smallint,
	"cron" text NOT NULL,
	"timezone" text NOT NULL,
	"threshold" numeric(30, 8) NOT NULL,
	"max_per_run" numeric(30, 8),
	"destination" text,
	"approval_above_eur" numeric(30, 2),
	"starts_on" date NOT NULL,
	"ends_on" date,
	"status" text DEFAULT 'active' NOT NULL,
	"status_reason" text,
	"skip_next" boolean DEFAULT false NOT NULL,
	"next_run_at" timestamp with time zone,
	"created_by_staff_id" integer NOT NULL,
	"created_on" timestamp with time zone NOT NULL,
	"updated_by_staff_id" integer NOT NULL,
	"updated_on" timestamp with time zone NOT NULL,
	CONSTRAINT "transaction_schedules_kind_check" CHECK ("kind" in ('payout', 'conversion', 'ltr-consolidation', 'recheck')),
	CONSTRAINT "transaction_schedules_frequency_check" CHECK ("frequency" in ('daily', 'weekly', 'monthly', 'cron')),
	CONSTRAINT "transaction_schedules_status_check" CHECK ("status" in ('active', 'paused', 'error')),
	CONSTRAINT "transaction_schedules_threshold_check" CHECK ("threshold" > 0),
	CONSTRAINT "transaction_schedules_dates_check" CHECK ("ends_on" is null or "ends_on" > "starts_on")
);
--> statement-breakpoint
CREATE TABLE "transaction_schedule_versions" (
	"schedule_id" integer NOT NULL,
	"version" integer NOT NULL,
	"values" jsonb NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"author_staff_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "transaction_schedule_versions_pk" PRIMARY KEY ("schedule_id", "version")
);
--> statement-breakpoint
CREATE TABLE "transaction_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"schedule_version" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"trigger" text NOT NULL,
	"scheduled_for" timestamp with time zone,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text NOT NULL,
	"amount" numeric(30, 8),
	"alt_coin_id" integer NOT NULL,
	"payout_id" integer,
	"actor" text NOT NULL,
	"actor_staff_id" integer,
	"error" text,
	"inputs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"decision" text DEFAULT '' NOT NULL,
	"retry_of" integer,
	"idempotency_key" text NOT NULL,
	CONSTRAINT "transaction_tasks_trigger_check" CHECK ("trigger" in ('schedule', 'manual', 'retry')),
	CONSTRAINT "transaction_tasks_status_check" CHECK ("status" in ('running', 'succeeded', 'failed', 'skipped', 'pending_approval', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "transaction_schedules" ADD CONSTRAINT "transaction_schedules_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_schedules" ADD CONSTRAINT "transaction_schedules_alt_coin_id_alt_coins_id_fk" FOREIGN KEY ("alt_coin_id") REFERENCES "public"."alt_coins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_schedules" ADD CONSTRAINT "transaction_schedules_created_by_staff_id_staff_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_schedules" ADD CONSTRAINT "transaction_schedules_updated_by_staff_id_staff_id_fk" FOREIGN KEY ("updated_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_schedule_versions" ADD CONSTRAINT "transaction_schedule_versions_schedule_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."transaction_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_schedule_versions" ADD CONSTRAINT "transaction_schedule_versions_author_staff_id_staff_id_fk" FOREIGN KEY ("author_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_tasks" ADD CONSTRAINT "transaction_tasks_schedule_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."transaction_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_tasks" ADD CONSTRAINT "transaction_tasks_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_tasks" ADD CONSTRAINT "transaction_tasks_alt_coin_id_alt_coins_id_fk" FOREIGN KEY ("alt_coin_id") REFERENCES "public"."alt_coins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_tasks" ADD CONSTRAINT "transaction_tasks_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_tasks" ADD CONSTRAINT "transaction_tasks_retry_of_fk" FOREIGN KEY ("retry_of") REFERENCES "public"."transaction_tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_tasks_idempotency_key_idx" ON "transaction_tasks" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "transaction_tasks_merchant_started_idx" ON "transaction_tasks" USING btree ("merchant_id","started_at","id");--> statement-breakpoint
CREATE INDEX "transaction_tasks_started_idx" ON "transaction_tasks" USING btree ("started_at","id");--> statement-breakpoint
CREATE INDEX "transaction_tasks_schedule_idx" ON "transaction_tasks" USING btree ("schedule_id","id");--> statement-breakpoint
CREATE INDEX "transaction_schedules_due_idx" ON "transaction_schedules" USING btree ("next_run_at") WHERE "status" = 'active';--> statement-breakpoint
CREATE INDEX "transaction_schedules_merchant_idx" ON "transaction_schedules" USING btree ("merchant_id","id");
