-- The job runner (ADR 0026): the platform's scheduled jobs and their runs. A job's row is made from the code's
-- catalogue at start (only handlers that exist); staff change its schedule, its policy and whether it runs.
-- `next_run_at` is moved by a conditional update, so of several instances exactly one enqueues a slot; the
-- unique (job_key, scheduled_for) of scheduled runs backs that up. A run is claimed with FOR UPDATE SKIP LOCKED.
CREATE TABLE "jobs" (
	"key" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"handler" text NOT NULL,
	"cron" text NOT NULL,
	"timezone" text DEFAULT 'Europe/Amsterdam' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"concurrency" text DEFAULT 'forbid' NOT NULL,
	"starting_deadline_s" integer DEFAULT 300 NOT NULL,
	"timeout_s" integer DEFAULT 300 NOT NULL,
	"max_attempts" integer DEFAULT 1 NOT NULL,
	"retry_backoff_s" integer DEFAULT 60 NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"next_run_at" timestamp with time zone,
	"paused_reason" text,
	"paused_by_staff_id" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "jobs_concurrency_check" CHECK ("concurrency" in ('forbid', 'replace', 'allow')),
	CONSTRAINT "jobs_timeout_check" CHECK ("timeout_s" > 0),
	CONSTRAINT "jobs_deadline_check" CHECK ("starting_deadline_s" > 0),
	CONSTRAINT "jobs_attempts_check" CHECK ("max_attempts" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_key" text NOT NULL,
	"trigger" text NOT NULL,
	"triggered_by_staff_id" integer,
	"scheduled_for" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"claimed_by" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"items_processed" integer,
	"summary" jsonb,
	"error" text,
	"log" text DEFAULT '' NOT NULL,
	CONSTRAINT "job_runs_trigger_check" CHECK ("trigger" in ('schedule', 'manual', 'retry')),
	CONSTRAINT "job_runs_status_check" CHECK ("status" in ('queued', 'running', 'succeeded', 'failed', 'timed_out', 'cancelled', 'skipped')),
	-- The log is capped at 64 kB by the runner; the check keeps a bug from filling the table.
	CONSTRAINT "job_runs_log_check" CHECK (octet_length("log") <= 65536)
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_paused_by_staff_id_staff_id_fk" FOREIGN KEY ("paused_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_job_key_jobs_key_fk" FOREIGN KEY ("job_key") REFERENCES "public"."jobs"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_runs" ADD CONSTRAINT "job_runs_triggered_by_staff_id_staff_id_fk" FOREIGN KEY ("triggered_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- One scheduled run per job and slot, whichever instance enqueues it.
CREATE UNIQUE INDEX "job_runs_schedule_slot_idx" ON "job_runs" USING btree ("job_key","scheduled_for") WHERE "trigger" = 'schedule';--> statement-breakpoint
-- The claim reads the due queued runs only.
CREATE INDEX "job_runs_queued_idx" ON "job_runs" USING btree ("scheduled_for","id") WHERE "status" = 'queued';--> statement-breakpoint
-- A job's history, newest first (the drawer and the 7-day count).
CREATE INDEX "job_runs_job_idx" ON "job_runs" USING btree ("job_key","id");
